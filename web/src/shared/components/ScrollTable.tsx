import { Table, type TableScrollContainerProps } from '@mantine/core';

/**
 * A wide table that scrolls sideways on a phone. The scrolling box itself takes the keyboard focus
 * and is a named region, so a keyboard user can scroll it even when its rows hold no link or button
 * (WCAG 2.1.1; axe's scrollable-region-focusable). `label` names it for a screen reader: the
 * table's heading.
 */
export function ScrollTable({ label, ...props }: Omit<TableScrollContainerProps, 'type'> & { label: string }) {
  return <Table.ScrollContainer type="native" tabIndex={0} role="region" aria-label={label} {...props} />;
}
