import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../hooks/use-locale';
import { useSession } from '../session';
import { IconChevronDown, IconLogout, IconUser } from './icons';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** Avatar and name; the menu holds the profile link (trainers) and log-out. */
export function UserMenu({ profilePath }: { profilePath?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const session = useSession();
  if (!session) return null;

  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton data-testid="user-menu" aria-label={t('topbar.userMenu')} px={6} py={4} style={{ borderRadius: 8 }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar color="brand" radius="xl" size={32}>
              {initials(session.name)}
            </Avatar>
            <Text size="sm" fw={600} visibleFrom="sm" maw={180} truncate>
              {session.name}
            </Text>
            <Box visibleFrom="sm" display="flex">
              <IconChevronDown size={14} />
            </Box>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('topbar.signedInAs')}</Menu.Label>
        <Group px="sm" pb="xs" gap={2} style={{ flexDirection: 'column', alignItems: 'flex-start' }}>
          <Text size="sm" fw={600}>
            {session.name}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`topbar.roles.${session.role}`)}
          </Text>
        </Group>
        <Menu.Divider />
        {profilePath && (
          <Menu.Item component={Link} to={profilePath} leftSection={<IconUser size={16} />} data-testid="user-menu-profile">
            {t('nav.profile')}
          </Menu.Item>
        )}
        <Menu.Item component={Link} to={`/${locale}/logout`} color="red" leftSection={<IconLogout size={16} />} data-testid="logout">
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
