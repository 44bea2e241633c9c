import { Alert, Box, Card, Center, Loader, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlert } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { CreditNotesPreviewList } from '../components/CreditNotesPreviewList';
import { useTrainerAccount } from '../hooks/api/trainer-account';
import { BankTab } from '../profile/BankTab';
import { DeleteAccountTab } from '../profile/DeleteAccountTab';
import { PasswordTab } from '../profile/PasswordTab';
import { PersonalTab } from '../profile/PersonalTab';
import { TaxTab } from '../profile/TaxTab';

// /:locale/trainer/profile (spec 2 "Profile page"): the credit-note previews above five tabs:
// personal, bank, tax, password, delete, one component each under trainer/profile/. The data tabs
// share one save skeleton (profile/profile-form.tsx).

type Tab = 'personal' | 'bank' | 'tax' | 'password' | 'delete';

export function ProfilePage() {
  const { t } = useTranslation();
  const account = useTrainerAccount();
  const [tab, setTab] = useState<Tab>('personal');

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
          <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} aria-label={t('trainerAccount.tabsLabel')}>
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
            <Tabs.Panel value="personal" p="lg">
              <PersonalTab key={account.data.uuid} account={account.data} />
            </Tabs.Panel>
            <Tabs.Panel value="bank" p="lg">
              <BankTab key={account.data.uuid} account={account.data} />
            </Tabs.Panel>
            <Tabs.Panel value="tax" p="lg">
              <TaxTab key={account.data.uuid} account={account.data} />
            </Tabs.Panel>
            <Tabs.Panel value="password" p="lg">
              <PasswordTab />
            </Tabs.Panel>
            <Tabs.Panel value="delete" p="lg">
              <DeleteAccountTab />
            </Tabs.Panel>
          </Tabs>
        </Card>
      )}
    </>
  );
}
