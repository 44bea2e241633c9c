import { Group, Menu, Text } from '@mantine/core';
import '../mantine-styles-app'; // the UI kit's CSS beyond the trainer portal's first screen
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../hooks/use-locale';
import type { Session } from '../session';
import { IconLogout, IconUser } from './icons';

/** The user menu itself (UserMenu loads it with the first click on its button), opened at once. */
export function UserMenuDropdown({ button, session, profilePath }: { button: ReactElement; session: Session; profilePath?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal defaultOpened>
      <Menu.Target>{button}</Menu.Target>
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
