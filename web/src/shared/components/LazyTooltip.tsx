import type { TooltipProps } from '@mantine/core';
import { cloneElement, lazy, Suspense, useState, type FocusEvent, type MouseEvent, type ReactElement } from 'react';

/** The floating elements' chunk (floating.ts), asked for once the user reaches for one. */
export const loadFloating = () => import('./floating');

const Tooltip = lazy(() => loadFloating().then((module) => ({ default: module.Tooltip })));

type Handlers = { onMouseEnter?: (event: MouseEvent) => void; onMouseLeave?: (event: MouseEvent) => void; onFocus?: (event: FocusEvent) => void };

/**
 * A Mantine Tooltip whose code loads when the pointer first enters its target: until
 * then the target alone. It shows while the pointer is over the target, as the Tooltip's own
 * hover does, the first time as soon as its code is there.
 */
export function LazyTooltip({
  children,
  label,
  withArrow,
  disabled,
  ...forwarded
}: Pick<TooltipProps, 'label' | 'withArrow' | 'disabled'> & { children: ReactElement<Handlers> } & Record<string, unknown>) {
  const [wanted, setWanted] = useState(false);
  const [hovered, setHovered] = useState(false);
  const own = children.props;
  // What a parent gives the tooltip's target (a Popover.Target's ref and aria props) goes to the target.
  const target = cloneElement(children, {
    ...forwarded,
    onMouseEnter: (event: MouseEvent) => {
      own.onMouseEnter?.(event);
      setWanted(true);
      setHovered(true);
    },
    onMouseLeave: (event: MouseEvent) => {
      own.onMouseLeave?.(event);
      setHovered(false);
    },
    onFocus: (event: FocusEvent) => {
      own.onFocus?.(event);
      void loadFloating();
    },
  });
  if (!wanted) return target;
  return (
    <Suspense fallback={target}>
      <Tooltip label={label} withArrow={withArrow} disabled={disabled} opened={hovered && !disabled}>
        {target}
      </Tooltip>
    </Suspense>
  );
}
