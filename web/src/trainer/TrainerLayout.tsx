import { ActionIcon, AppShell, Avatar, Burger, Container, Group, Indicator, Popover, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import '../shared/mantine-styles-app'; // the UI kit's CSS beyond the first screens'
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LazyPageArea } from '../shared/components/LazyPageArea';
import { IconBell, IconGift, IconUser } from '../shared/components/icons';
import { LanguageSwitcher } from '../shared/components/LanguageSwitcher';
import { Logo } from '../shared/components/Logo';
import { NavItem } from '../shared/components/NavItem';
import { UserMenu } from '../shared/components/UserMenu';
import { useLocale } from '../shared/hooks/use-locale';
import { useSession } from '../shared/session';
import { AppFooter } from '../site/AppFooter';
import { EmailConfirmationBanner } from './account-links/EmailConfirmationBanner';
import { PendingInvitationsNav } from './account-links/PendingInvitationsNav';
import { NotificationPanel } from './components/NotificationPanel';
import { VideoHelpButton } from '../shared/video-help/VideoHelpButton';
import { MyDocumentsNavItem } from './documents/MyDocumentsNavItem';
import { useUnreadNotificationCount } from './hooks/api/notifications';

const groupInitials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** The trainer portal frame (spec "Trainer layout"): Profile, Recommendation and the connected studio groups. */
export function TrainerLayout() {
  const { t } = useTranslation();
  const locale = useLocale();
  const session = useSession();
  const [navOpen, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const [panelOpen, { toggle: togglePanel, close: closePanel }] = useDisclosure(false);
  const unread = useUnreadNotificationCount().data;
  const studioGroups = session?.studioGroups ?? [];
  const profilePath = `/${locale}/trainer/profile`;

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !navOpen } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={navOpen} onClick={toggleNav} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />
            <Link to={profilePath} style={{ textDecoration: 'none' }} aria-label={t('app.name')}>
              <Logo size={30} />
            </Link>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitcher />
            <Popover opened={panelOpen} onChange={(opened) => !opened && closePanel()} position="bottom-end" width={360} shadow="md" withArrow>
              <Popover.Target>
                <Tooltip label={unread ? t('topbar.unreadNotifications', { count: unread }) : t('trainer.notificationsEmpty')} withArrow disabled={panelOpen}>
                  <Indicator disabled={!unread} label={unread} size={16} color="red" offset={4}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="lg"
                      radius="xl"
                      onClick={togglePanel}
                      aria-label={unread ? t('topbar.unreadNotifications', { count: unread }) : t('topbar.notifications')}
                      aria-expanded={panelOpen}
                      data-testid="notification-bell"
                    >
                      <IconBell size={20} />
                    </ActionIcon>
                  </Indicator>
                </Tooltip>
              </Popover.Target>
              <Popover.Dropdown p={0} data-testid="notification-panel">
                <NotificationPanel onFollow={closePanel} />
              </Popover.Dropdown>
            </Popover>
            <VideoHelpButton />
            <UserMenu profilePath={profilePath} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="md" aria-label={t('nav.main')}>
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={4}>
            <NavItem to={profilePath} label={t('nav.profile')} icon={<IconUser />} testId="nav-profile" onNavigate={closeNav} />
            <NavItem
              to={`/${locale}/trainer/recommendation`}
              label={t('nav.recommendation')}
              icon={<IconGift />}
              testId="nav-recommendation"
              onNavigate={closeNav}
            />
            <MyDocumentsNavItem onNavigate={closeNav} />
          </Stack>
          {studioGroups.length > 0 && (
            <>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mt="lg" mb={6} style={{ letterSpacing: '0.06em' }}>
                {t('nav.studioGroups')}
              </Text>
              <Stack gap={4} data-testid="nav-studio-groups">
                {studioGroups.map((group) => (
                  <NavItem
                    key={group.uuid}
                    to={`/${locale}/trainer/studio/${group.uuid}`}
                    end={false}
                    label={group.name}
                    icon={
                      <Avatar size={22} radius="sm" color="brand" variant="light">
                        <Text fz={10} fw={700}>
                          {groupInitials(group.name)}
                        </Text>
                      </Avatar>
                    }
                    onNavigate={closeNav}
                  />
                ))}
              </Stack>
            </>
          )}
          <PendingInvitationsNav onNavigate={closeNav} />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0">
        <Container size="lg" px={0}>
          <EmailConfirmationBanner />
          <LazyPageArea>
            <Outlet />
          </LazyPageArea>
        </Container>
        <AppFooter kind="trainer" />
      </AppShell.Main>
    </AppShell>
  );
}
