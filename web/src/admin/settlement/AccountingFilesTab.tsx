import { Alert, Badge, Button, Card, Center, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStudioGroupRef } from '../../../../contracts/auth.contract';
import type { TSettlementRunFiles } from '../../../../contracts/credit-note-list.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert } from '../../shared/components/icons';
import { openSignedDownload, signCallOf } from '../../shared/downloads/signed-download';
import { formatEuros, formatSettlementTime } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { fromPayoutSummary } from '../../shared/payouts/payout-status';
import { PayoutStatusBadge } from '../../shared/payouts/PayoutStatusBadge';
import { useSettlementRuns } from '../credit-notes/api';

const STATUS_COLOR = { success: 'green', error: 'red', not_set: 'gray', missing: 'gray' } as const;

/**
 * 'Show trainers included' (spec 2.12): the run's trainers as the spec lists them, company name and
 * sum gross in EUR; beneath the name, what became of the credit note's payment (the spec's two
 * columns stay as they are).
 */
function RunTrainersModal({ run, onClose }: { run: TSettlementRunFiles | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Modal
      opened={run !== null}
      onClose={onClose}
      size="lg"
      title={run ? t('creditNoteList.accountingFiles.trainersTitle', { date: formatSettlementTime(run.timestamp, locale) }) : ''}
      data-testid="run-trainers-modal"
    >
      {run && (
        <Table verticalSpacing="xs" striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('monthClose.runTrainers.companyName')}</Table.Th>
              <Table.Th ta="right">{t('monthClose.runTrainers.sumGross')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {run.trainers.map((trainer) => (
              <Table.Tr key={`${trainer.uuid}-${trainer.credit_note_number}`} data-testid="run-trainer" data-trainer-uuid={trainer.uuid} data-credit-note-number={trainer.credit_note_number}>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    <Text size="sm">{trainer.company_name}</Text>
                    {trainer.payout && <PayoutStatusBadge payout={fromPayoutSummary(trainer.payout)} />}
                  </Stack>
                </Table.Td>
                <Table.Td ta="right" ff="monospace" data-testid="run-trainer-gross">
                  {formatEuros(trainer.sum_gross)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>{t('creditNoteList.accountingFiles.total')}</Table.Th>
              <Table.Th ta="right" ff="monospace">
                {formatEuros(run.sumGross)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      )}
    </Modal>
  );
}

/** Summary tab 'Accounting files' (spec 2.12): the settlement's runs by time, each with its SEPA XML, credit-notes ZIP and studio-costs CSV. */
export function AccountingFilesTab({ group, settlementUuid }: { group: TStudioGroupRef; settlementUuid: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const runs = useSettlementRuns(group, settlementUuid);
  const [shown, setShown] = useState<TSettlementRunFiles | null>(null);

  if (runs.isPending) {
    return (
      <Center h={200}>
        <Loader type="dots" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (runs.isError) {
    return (
      <Alert color="red" icon={<IconAlert />}>
        {errorMessage(runs.error)}
      </Alert>
    );
  }
  if (runs.data.length === 0) {
    return (
      <Text c="dimmed" data-testid="accounting-files-empty">
        {t('creditNoteList.accountingFiles.empty')}
      </Text>
    );
  }

  const download = (path: string) =>
    openSignedDownload({ signCall: signCallOf({ studioGroupUuid: group.uuid }), path }).catch((error: unknown) =>
      notifications.show({ color: 'red', message: errorMessage(error) || t('creditNoteList.downloadFailed'), withBorder: true }),
    );

  return (
    <Stack gap="md" data-testid="accounting-files">
      {runs.data.map((run) => (
        <Card key={run.uuid} withBorder data-testid="accounting-run" data-run-uuid={run.uuid}>
          <Group justify="space-between" mb="sm" wrap="wrap">
            <Group gap="sm">
              <Text fw={700}>{t('creditNoteList.accountingFiles.run', { date: formatSettlementTime(run.timestamp, locale) })}</Text>
              <Badge variant="light" color={run.status === 'finished' ? 'green' : run.status === 'failed' ? 'red' : 'blue'}>
                {t(`creditNoteList.accountingFiles.runStatus.${run.status}`)}
              </Badge>
              <Text size="sm" c="dimmed">
                {t('creditNoteList.accountingFiles.trainers', { count: run.trainers.length, gross: formatEuros(run.sumGross) })}
              </Text>
            </Group>
            <Button size="xs" variant="default" onClick={() => setShown(run)} data-testid="show-run-trainers">
              {t('creditNoteList.accountingFiles.showTrainers')}
            </Button>
          </Group>
          <Stack gap={6}>
            {run.files.map((file) => (
              <Group key={file.type} justify="space-between" wrap="nowrap" data-testid="accounting-file" data-type={file.type}>
                <Group gap="sm" wrap="nowrap">
                  <Text size="sm" w={150} fw={500}>
                    {t(`creditNoteList.accountingFiles.types.${file.type}`)}
                  </Text>
                  <Badge size="sm" variant="light" color={STATUS_COLOR[file.status]}>
                    {t(`creditNoteList.accountingFiles.status.${file.status}`)}
                  </Badge>
                  {file.fileName && (
                    <Text size="xs" c="dimmed" ff="monospace">
                      {file.fileName}
                    </Text>
                  )}
                </Group>
                <Button size="xs" variant="light" disabled={!file.downloadPath} onClick={() => file.downloadPath && void download(file.downloadPath)} data-testid="accounting-file-download">
                  {t('creditNoteList.download')}
                </Button>
              </Group>
            ))}
          </Stack>
        </Card>
      ))}
      <RunTrainersModal run={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}
