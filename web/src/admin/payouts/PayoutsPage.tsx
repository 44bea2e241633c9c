import { Card, Stack, Tabs } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBankFileProgressEvent } from '../../../../contracts/payouts.contract';
import { PageHeader } from '../../shared/components/PageHeader';
import { useStudioGroup } from '../shared/api';
import { useCurrentStudioGroup } from '../shared/current-studio-group';
import { useBankFileLiveUpdates } from './api';
import { BankFilesTable } from './BankFilesTable';
import { BankFileUploadCard } from './BankFileUploadCard';
import { DemoStatementCard } from './DemoStatementCard';
import { PayoutsTable } from './PayoutsTable';

/** `/:locale/admin/payouts`: the bank's files uploaded and read, what became of each payout, and 'Pay again'. */
export function PayoutsPage() {
  const { t } = useTranslation();
  const { current } = useCurrentStudioGroup();
  const group = current!;
  const studioGroup = useStudioGroup(group.uuid);
  const [tab, setTab] = useState<string | null>('payouts');
  const [progress, setProgress] = useState<Map<string, TBankFileProgressEvent>>(() => new Map());
  const onProgress = useCallback((event: TBankFileProgressEvent) => setProgress((previous) => new Map(previous).set(event.bankFileUuid, event)), []);
  useBankFileLiveUpdates(group, onProgress);

  return (
    <>
      <PageHeader title={t('payouts.title')} description={t('payouts.description')} />
      <Stack gap="lg" data-testid="payouts-page">
        <BankFileUploadCard group={group} progress={progress} />
        {studioGroup.data?.sourceSystem === 'demo' && <DemoStatementCard group={group} />}
        <Card>
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="payouts" data-testid="payouts-tab-payouts">
                {t('payouts.tabs.payouts')}
              </Tabs.Tab>
              <Tabs.Tab value="bank-files" data-testid="payouts-tab-bank-files">
                {t('payouts.tabs.bankFiles')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="payouts">
              <PayoutsTable group={group} />
            </Tabs.Panel>
            <Tabs.Panel value="bank-files">
              <BankFilesTable group={group} />
            </Tabs.Panel>
          </Tabs>
        </Card>
      </Stack>
    </>
  );
}
