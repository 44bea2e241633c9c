import { Avatar, Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session';
import { IconChevronDown } from './icons';
import { loadFloating } from './LazyTooltip';
import { initialsOf } from '../initials';

const UserMenuDropdown = lazy(() => import('./UserMenuDropdown').then((module) => ({ default: module.UserMenuDropdown })));
const loadDropdown = () => Promise.all([loadFloating(), import('./UserMenuDropdown')]);

/**
 * Avatar and name; the menu holds the profile link (trainers) and log-out. The menu's code (and
 * floating-ui's) loads with the first click on the button, or when the pointer or the keyboard
 * reaches it; that click opens it.
 */
export function UserMenu({ profilePath }: { profilePath?: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const [wanted, setWanted] = useState(false);
  if (!session) return null;

  const button = (
    <UnstyledButton
      data-testid="user-menu"
      px={6}
      py={4}
      style={{ borderRadius: 8 }}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={wanted ? undefined : () => setWanted(true)}
    >
      <Group gap="xs" wrap="nowrap">
        <Avatar color="brand" radius="xl" size={32} aria-hidden>
          {initialsOf(session.name)}
        </Avatar>
        <Text size="sm" fw={600} visibleFrom="sm" maw={180} truncate>
          {session.name}
        </Text>
        {/* Named by what it shows (WCAG 2.5.3 Label in Name), the initials aside, and what it is. */}
        <VisuallyHidden>{t('topbar.userMenu')}</VisuallyHidden>
        <Box visibleFrom="sm" display="flex">
          <IconChevronDown size={14} />
        </Box>
      </Group>
    </UnstyledButton>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <UserMenuDropdown button={button} session={session} profilePath={profilePath} />
    </Suspense>
  );
}
