import { Popover } from '@mantine/core';
import '../../shared/mantine-styles-app'; // the UI kit's CSS beyond the trainer portal's first screen
import type { ReactElement } from 'react';
import { NotificationPanel } from './NotificationPanel';

/** The bell's panel (TrainerLayout loads it with the first click on the bell). */
export function NotificationPopover({ opened, onClose, bell }: { opened: boolean; onClose: () => void; bell: ReactElement }) {
  return (
    // Without the kit's roles: its target is the tooltip's and indicator's wrapper, where aria-expanded
    // is not allowed; the bell button itself says whether the panel is open. Not in a portal: the
    // panel stays inside the header's landmark.
    <Popover opened={opened} onChange={(open) => !open && onClose()} position="bottom-end" width={360} shadow="md" withArrow withRoles={false} withinPortal={false}>
      <Popover.Target>{bell}</Popover.Target>
      <Popover.Dropdown p={0} data-testid="notification-panel">
        <NotificationPanel onFollow={onClose} />
      </Popover.Dropdown>
    </Popover>
  );
}
