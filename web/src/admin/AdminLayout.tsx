import { Alert, AppShell, Burger, Container, Group, ScrollArea, Select, Stack, Text } from '@mantine/core';
import '../shared/mantine-styles-app'; // the UI kit's CSS beyond the first screens'
import { DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
// The date pickers are on admin screens only: their day names and months in the page's language.
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LazyPageArea } from '../shared/components/LazyPageArea';
import { IconDashboard, IconImport, IconInfo } from '../shared/components/icons';
import { LanguageSwitcher } from '../shared/components/LanguageSwitcher';
import { Logo } from '../shared/components/Logo';
import { NavItem } from '../shared/components/NavItem';
import { UserMenu } from '../shared/components/UserMenu';
import { useLocale } from '../shared/hooks/use-locale';
import { useCurrentStudioGroup, useMayChange } from './shared/current-studio-group';
import { MasterDataNavSection } from './master-data/MasterDataNavSection';
import { SettlementNavSection } from './settlement/SettlementNavSection';
import { CreditNotesNavItem } from './credit-notes/CreditNotesNavItem';
import { DocumentManagerNavItem } from './document-manager/DocumentManagerNavItem';
import { VideoHelpButton } from '../shared/video-help/VideoHelpButton';
import { OutboxNavItem } from './outbox/OutboxNavItem';
import { ContactRequestsNavItem } from './contact-requests/ContactRequestsNavItem';
import { StudioGroupsNavItem } from './onboarding/StudioGroupsNavItem';
import { AppFooter } from '../site/AppFooter';
import { ReportsNavItem } from './reports/ReportsNavItem';
import { TrainerAdminNavItems } from './trainer-overview/TrainerAdminNavItems';
import { StaffNavItem } from './staff/StaffNavItem';
import { FirstMonthLanding } from './onboarding/first-month/FirstMonthLanding';
import { FirstMonthNavItem } from './onboarding/first-month/FirstMonthNavItem';

/** The back-office frame: sidebar with the screens that exist so far, top bar with studio group, language and user. */
export function AdminLayout() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [navOpen, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const { current, all, select } = useCurrentStudioGroup();
  // An accountant's navigation shows what they may read: the imports only change things.
  const mayChange = useMayChange();

  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>
      <AppShell
        header={{ height: 64 }}
        navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !navOpen } }}
        padding={{ base: 'md', sm: 'xl' }}
      >
        <AppShell.Header px="md">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
            <Group gap="sm" wrap="nowrap">
              <Burger opened={navOpen} onClick={toggleNav} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />
              <Link to={`/${locale}/admin/import`} style={{ textDecoration: 'none' }} aria-label={t('app.name')}>
                <Logo size={30} />
              </Link>
            </Group>
            <Group gap="sm" wrap="nowrap">
              {all.length > 1 && current ? (
                <Select
                  data-testid="studio-group-select"
                  aria-label={t('topbar.studioGroup')}
                  visibleFrom="xs"
                  w={240}
                  value={current.uuid}
                  allowDeselect={false}
                  checkIconPosition="right"
                  data={all.map((group) => ({ value: group.uuid, label: group.name }))}
                  onChange={(uuid) => uuid && select(uuid)}
                />
              ) : (
                current && (
                  <Stack gap={0} visibleFrom="xs" data-testid="studio-group-name">
                    <Text size="xs" c="dimmed" lh={1.2}>
                      {t('topbar.studioGroup')}
                    </Text>
                    <Text size="sm" fw={600} lh={1.3}>
                      {current.name}
                    </Text>
                  </Stack>
                )
              )}
              <VideoHelpButton />
              <LanguageSwitcher />
              <UserMenu />
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar p="md" aria-label={t('nav.main')}>
          <AppShell.Section grow component={ScrollArea}>
            <FirstMonthNavItem onNavigate={closeNav} />
            {mayChange && (
            <>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={6} style={{ letterSpacing: '0.06em' }}>
              {t('nav.imports')}
            </Text>
            <Stack gap={4}>
              <NavItem
                to={`/${locale}/admin/import`}
                label={t('nav.importDashboard')}
                icon={<IconDashboard />}
                testId="nav-import-dashboard"
                onNavigate={closeNav}
              />
              <NavItem
                to={`/${locale}/admin/import/ondemand`}
                label={t('nav.classImport')}
                icon={<IconImport />}
                testId="nav-class-import"
                onNavigate={closeNav}
              />
            </Stack>
            </>
            )}
            <SettlementNavSection onNavigate={closeNav} />
            <CreditNotesNavItem onNavigate={closeNav} />
            <DocumentManagerNavItem onNavigate={closeNav} />
            <OutboxNavItem onNavigate={closeNav} />
            <ContactRequestsNavItem onNavigate={closeNav} />
            <StudioGroupsNavItem onNavigate={closeNav} />
            <TrainerAdminNavItems onNavigate={closeNav} />
            <ReportsNavItem onNavigate={closeNav} />
            <MasterDataNavSection onNavigate={closeNav} />
            <StaffNavItem onNavigate={closeNav} />
          </AppShell.Section>
          {all.length > 1 && current && (
            <AppShell.Section hiddenFrom="xs" pt="md">
              <Select
                label={t('topbar.studioGroup')}
                value={current.uuid}
                allowDeselect={false}
                data={all.map((group) => ({ value: group.uuid, label: group.name }))}
                onChange={(uuid) => uuid && select(uuid)}
              />
            </AppShell.Section>
          )}
        </AppShell.Navbar>

        <AppShell.Main bg="gray.0">
          <Container size="xl" px={0}>
            {current && <FirstMonthLanding />}
            {current ? (
              <LazyPageArea>
                <Outlet />
              </LazyPageArea>
            ) : (
              <Alert color="yellow" icon={<IconInfo />} data-testid="no-studio-group">
                {t('admin.noStudioGroup')}
              </Alert>
            )}
          </Container>
          <AppFooter kind="admin" />
        </AppShell.Main>
      </AppShell>
    </DatesProvider>
  );
}
