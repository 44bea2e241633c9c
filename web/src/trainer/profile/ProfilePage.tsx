import { Alert, Box, Card, Center, Loader, Tabs } from '@mantine/core';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { IconAlert } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { usePhone } from '../../shared/hooks/use-phone';
import { CreditNotesPreviewList } from '../review/CreditNotesPreviewList';
import { useTrainerAccount } from '../shared/api';
import { PersonalTab } from './PersonalTab';

// /:locale/trainer/profile (spec 2 "Profile page"): the credit-note previews above five tabs:
// personal, bank, tax, password, delete, one component each under trainer/profile/. The data tabs
// share one save skeleton (profile/profile-form.tsx). The first screen shows the personal tab: the
// others load when they are first opened, and stay then, so what was typed in one stays
// while another is open.

type Tab = 'personal' | 'bank' | 'tax' | 'password' | 'delete';
// A link may open a tab: `?tab=bank` from a returned payout's hint to check the IBAN.
const TABS: readonly Tab[] = ['personal', 'bank', 'tax', 'password', 'delete'];
const isTab = (value: string | null): value is Tab => (TABS as readonly (string | null)[]).includes(value);

const BankTab = lazy(() => import('./BankTab').then((m) => ({ default: m.BankTab })));
const TaxTab = lazy(() => import('./TaxTab').then((m) => ({ default: m.TaxTab })));
const PasswordTab = lazy(() => import('./PasswordTab').then((m) => ({ default: m.PasswordTab })));
const DeleteAccountTab = lazy(() => import('./DeleteAccountTab').then((m) => ({ default: m.DeleteAccountTab })));

/** A tab's panel: its content once the tab was opened, a loader while its code loads. */
function Panel({ value, opened, children }: { value: Tab; opened: ReadonlySet<Tab>; children: ReactNode }) {
  return (
    <Tabs.Panel value={value} p="lg">
      {opened.has(value) && (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader />
            </Center>
          }
        >
          {children}
        </Suspense>
      )}
    </Tabs.Panel>
  );
}

export function ProfilePage() {
  const { t } = useTranslation();
  // On a phone the tabs wrap onto several lines, where pills read better than underlined tabs.
  const phone = usePhone();
  const account = useTrainerAccount();
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<Tab>(() => {
    const asked = searchParams.get('tab');
    return isTab(asked) ? asked : 'personal';
  });
  const [opened, setOpened] = useState<ReadonlySet<Tab>>(() => new Set([tab]));
  const open = (value: Tab) => {
    setTab(value);
    setOpened((current) => (current.has(value) ? current : new Set([...current, value])));
  };

  return (
    <>
      <PageHeader title={t('trainer.profile.title')} />
      <Box mb="lg">
        <CreditNotesPreviewList />
      </Box>
      {account.isPending ? (
        <Center py="xl">
          <Loader data-testid="profile-loading" />
        </Center>
      ) : !account.data ? (
        <Alert color="red" icon={<IconAlert />} data-testid="profile-load-error">
          {t('trainerAccount.loadError')}
        </Alert>
      ) : (
        <Card p={0} data-testid="trainer-profile">
          <Tabs value={tab} onChange={(value) => value && open(value as Tab)} aria-label={t('trainerAccount.tabsLabel')} variant={phone ? 'pills' : 'default'}>
            <Tabs.List px="md" pt="xs">
              <Tabs.Tab value="personal" data-testid="tab-personal">
                {t('trainerAccount.tabs.personal')}
              </Tabs.Tab>
              <Tabs.Tab value="bank" data-testid="tab-bank">
                {t('trainerAccount.tabs.bank')}
              </Tabs.Tab>
              <Tabs.Tab value="tax" data-testid="tab-tax">
                {t('trainerAccount.tabs.tax')}
              </Tabs.Tab>
              <Tabs.Tab value="password" data-testid="tab-password">
                {t('trainerPortal.tabs.password')}
              </Tabs.Tab>
              <Tabs.Tab value="delete" data-testid="tab-delete" color="red">
                {t('trainerPortal.tabs.delete')}
              </Tabs.Tab>
            </Tabs.List>
            {/* Keyed by the account: a form is filled once, so a refetch never overwrites what is being typed. */}
            <Panel value="personal" opened={opened}>
              <PersonalTab key={account.data.uuid} account={account.data} />
            </Panel>
            <Panel value="bank" opened={opened}>
              <BankTab key={account.data.uuid} account={account.data} />
            </Panel>
            <Panel value="tax" opened={opened}>
              <TaxTab key={account.data.uuid} account={account.data} />
            </Panel>
            <Panel value="password" opened={opened}>
              <PasswordTab />
            </Panel>
            <Panel value="delete" opened={opened}>
              <DeleteAccountTab />
            </Panel>
          </Tabs>
        </Card>
      )}
    </>
  );
}
