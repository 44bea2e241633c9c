import { Alert, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStudioGroupRef } from '../../../../contracts/auth.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert } from '../../shared/components/icons';
import { formatMonth } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { downloadDemoStatement, useOpenPayouts } from './api';

/**
 * A demo group has no bank: this card makes the bank's statement for a credit-note run's open
 * payouts (one of them returned), which the admin then downloads and uploads like a real one.
 */
export function DemoStatementCard({ group }: { group: TStudioGroupRef }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const open = useOpenPayouts(group, true);
  const runs = useMemo(() => {
    const byRun = new Map<string, { month: string; count: number }>();
    for (const payout of open.data?.items ?? []) {
      const run = byRun.get(payout.settlementRunUuid) ?? { month: payout.month, count: 0 };
      byRun.set(payout.settlementRunUuid, { ...run, count: run.count + 1 });
    }
    return [...byRun].map(([uuid, run]) => ({ value: uuid, label: t('payouts.demo.runOption', { month: formatMonth(`${run.month}-01`, locale), count: run.count }) }));
  }, [open.data?.items, locale, t]);
  const [chosen, setChosen] = useState<string | null>(null);
  const runUuid = chosen && runs.some((run) => run.value === chosen) ? chosen : (runs[0]?.value ?? null);
  const create = useMutation({ mutationFn: (settlementRunUuid: string) => downloadDemoStatement(group, settlementRunUuid) });

  return (
    <Card data-testid="demo-statement" withBorder style={{ borderStyle: 'dashed' }}>
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('payouts.demo.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('payouts.demo.text')}
        </Text>
        {open.data && runs.length === 0 ? (
          <Text size="sm" data-testid="demo-statement-no-runs">
            {t('payouts.demo.noRuns')}
          </Text>
        ) : (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={t('payouts.demo.run')}
              placeholder={t('payouts.demo.runPlaceholder')}
              data={runs}
              value={runUuid}
              onChange={setChosen}
              allowDeselect={false}
              w={340}
              data-testid="demo-statement-run"
            />
            <Button variant="light" disabled={!runUuid} loading={create.isPending} onClick={() => runUuid && create.mutate(runUuid)} data-testid="demo-statement-create">
              {t('payouts.demo.create')}
            </Button>
          </Group>
        )}
        {create.isError && (
          <Alert color="red" icon={<IconAlert />} role="alert" data-testid="demo-statement-error">
            {errorMessage(create.error) || t('payouts.demo.failed')}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
