import { ActionIcon, AppShell, Burger, Container, Group, Indicator, ScrollArea, Stack, Text } from '@mantine/core';
import '../shared/mantine-styles-trainer'; // the UI kit's CSS of the portal's first screen beyond the entry's
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LazyPageArea } from '../shared/components/LazyPageArea';
import { LazyTooltip, loadFloating } from '../shared/components/LazyTooltip';
import { IconBell, IconGift, IconUser } from '../shared/components/icons';
import { LanguageSwitcher } from '../shared/components/LanguageSwitcher';
import { Logo, LogoMark } from '../shared/components/Logo';
import { NavItem } from '../shared/components/NavItem';
import { UserMenu } from '../shared/components/UserMenu';
import { useLocale } from '../shared/hooks/use-locale';
import { useSession } from '../shared/session';
import { AppFooter } from '../site/AppFooter';
import { EmailConfirmationBanner } from './account-links/EmailConfirmationBanner';
import { PendingInvitationsNav } from './account-links/PendingInvitationsNav';
import { VideoHelpButton } from '../shared/video-help/VideoHelpButton';
import { MyDocumentsNavItem } from './documents/MyDocumentsNavItem';
import { useUnreadNotificationCount } from './notifications/api';
import { usePhone } from '../shared/hooks/use-phone';
import classes from './TrainerLayout.module.css';
import { GroupLogo } from '../shared/account-links/GroupLogo';
import { useConnectedStudioGroups } from './shared/api';

// The bell's panel, its list and the floating elements load with the first click on the bell.
const NotificationPopover = lazy(() => import('./notifications/NotificationPopover').then((module) => ({ default: module.NotificationPopover })));
const loadPanel = () => Promise.all([loadFloating(), import('./notifications/NotificationPopover')]);

/** The trainer portal frame (spec "Trainer layout"): Profile, Recommendation and the connected studio groups. */
export function TrainerLayout() {
  const { t } = useTranslation();
  const locale = useLocale();
  const session = useSession();
  const [navOpen, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const [panelOpen, { toggle: togglePanel, close: closePanel }] = useDisclosure(false);
  const [panelWanted, setPanelWanted] = useState(false);
  const unread = useUnreadNotificationCount().data;
  const studioGroups = session?.studioGroups ?? [];
  const connectedGroups = useConnectedStudioGroups();
  const profilePath = `/${locale}/trainer/profile`;
  const bellLabel = unread ? t('topbar.unreadNotifications', { count: unread }) : t('topbar.notifications');
  const phone = usePhone();

  const bell = (
    <LazyTooltip label={unread ? t('topbar.unreadNotifications', { count: unread }) : t('trainer.notificationsEmpty')} withArrow disabled={panelOpen}>
      <Indicator disabled={!unread} label={unread} size={16} color="red" offset={4}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          radius="xl"
          onClick={() => {
            setPanelWanted(true);
            togglePanel();
          }}
          onFocus={() => void loadPanel()}
          aria-label={bellLabel}
          aria-expanded={panelOpen}
          data-testid="notification-bell"
        >
          <IconBell size={20} />
        </ActionIcon>
      </Indicator>
    </LazyTooltip>
  );

  return (
    <AppShell
      className={classes.shell}
      header={{ height: 64 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !navOpen } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header px={{ base: 'xs', sm: 'md' }}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={phone ? 4 : 'sm'} wrap="nowrap">
            <Burger opened={navOpen} onClick={toggleNav} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} data-testid="burger" />
            <Link to={profilePath} style={{ textDecoration: 'none' }} aria-label={t('app.name')}>
              {/* A phone's top bar has room for the mark only, beside the bell, help and user menu. */}
              {phone ? <LogoMark size={30} /> : <Logo size={30} />}
            </Link>
          </Group>
          <Group gap={phone ? 4 : 'sm'} wrap="nowrap">
            {/* On a phone the languages sit in the sidebar behind the burger. */}
            {!phone && <LanguageSwitcher />}
            {panelWanted ? (
              <Suspense fallback={bell}>
                <NotificationPopover opened={panelOpen} onClose={closePanel} bell={bell} />
              </Suspense>
            ) : (
              bell
            )}
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
                {studioGroups.map((group) => {
                  const connected = connectedGroups.data?.find((candidate) => candidate.studioGroupUuid === group.uuid);
                  // The spec's logo and company name; until the connected groups arrive, the session's name and initials.
                  const label = connected?.studioGroupCompanyName ?? group.name;
                  return (
                    <NavItem
                      key={group.uuid}
                      to={`/${locale}/trainer/studio/${group.uuid}`}
                      end={false}
                      label={label}
                      description={connected && connected.studioGroupCompanyName !== group.name ? group.name : undefined}
                      icon={<GroupLogo name={label} logoPath={connected?.studioGroupLogoPath} size={22} />}
                      onNavigate={closeNav}
                    />
                  );
                })}
              </Stack>
            </>
          )}
          <PendingInvitationsNav onNavigate={closeNav} />
        </AppShell.Section>
        {phone && (
          <AppShell.Section pt="md">
            <LanguageSwitcher size="sm" />
          </AppShell.Section>
        )}
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
