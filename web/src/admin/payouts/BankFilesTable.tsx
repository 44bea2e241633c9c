import { Alert, Badge, Button, Center, Loader, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStudioGroupRef } from '../../../../contracts/auth.contract';
import type { TBankFileState, TBankStatement } from '../../../../contracts/payouts.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert } from '../../shared/components/icons';
import { formatDate, formatEuros, formatSettlementTime } from '../../shared/format';
import { payoutReason } from '../../shared/payouts/payout-status';
import { useLocale } from '../../shared/hooks/use-locale';
import { useBankStatement, useBankStatements } from './api';

const STATE_COLOR: Record<TBankFileState, string> = { stored: 'blue', reading: 'blue', done: 'green', failed: 'red' };
const stateText = (state: TBankFileState) => (state === 'stored' || state === 'reading' ? 'processing' : state);

function UnmatchedModal({ group, file, onClose }: { group: TStudioGroupRef; file: TBankStatement | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const detail = useBankStatement(group, file?.uuid ?? null);
  return (
    <Modal opened={file !== null} onClose={onClose} size="xl" title={file ? t('payouts.bankFiles.unmatchedTitle', { fileName: file.fileName }) : ''} data-testid="unmatched-modal">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('payouts.bankFiles.unmatchedText')}
        </Text>
        {detail.isPending && (
          <Center py="md">
            <Loader size="sm" aria-label={t('common.loading')} />
          </Center>
        )}
        {detail.isError && (
          <Alert color="red" icon={<IconAlert />} role="alert">
            {errorMessage(detail.error)}
          </Alert>
        )}
        {detail.data && detail.data.unmatched.length === 0 && (
          <Text size="sm" data-testid="unmatched-none">
            {t('payouts.bankFiles.noUnmatched')}
          </Text>
        )}
        {detail.data && detail.data.unmatched.length > 0 && (
          <ScrollArea type="auto">
            <Table verticalSpacing="xs" withTableBorder striped miw={760}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('payouts.bankFiles.entry.date')}</Table.Th>
                  <Table.Th ta="right">{t('payouts.bankFiles.entry.amount')}</Table.Th>
                  <Table.Th>{t('payouts.bankFiles.entry.reference')}</Table.Th>
                  <Table.Th>{t('payouts.bankFiles.entry.reason')}</Table.Th>
                  <Table.Th>{t('payouts.bankFiles.entry.info')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detail.data.unmatched.map((entry, index) => (
                  <Table.Tr key={`${entry.bankReference ?? ''}-${entry.endToEndId ?? ''}-${index}`} data-testid="unmatched-entry">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.bookingDate ? formatDate(entry.bookingDate, locale) : '–'}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {entry.amount !== null ? formatEuros(entry.amount) : '–'}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {entry.endToEndId ?? entry.bankReference ?? '–'}
                      </Text>
                    </Table.Td>
                    <Table.Td data-testid="unmatched-entry-reason">
                      {entry.reasonCode ? (
                        <Stack gap={0}>
                          <Text size="sm">
                            {payoutReason(t, { reasonCode: entry.reasonCode, reasonText: entry.reason })} ({entry.reasonCode})
                          </Text>
                          {entry.reasonText && (
                            <Text size="xs" c="dimmed">
                              {entry.reasonText}
                            </Text>
                          )}
                        </Stack>
                      ) : (
                        <Text size="sm">{entry.reasonText ?? '–'}</Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{entry.why}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
    </Modal>
  );
}

/** The bank files read, newest first, each with what it changed and its entries that matched no payout. */
export function BankFilesTable({ group }: { group: TStudioGroupRef }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = useBankStatements(group);
  const [showing, setShowing] = useState<TBankStatement | null>(null);
  if (list.isPending)
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  if (list.isError)
    return (
      <Alert color="red" icon={<IconAlert />} role="alert">
        {errorMessage(list.error) || t('payouts.loadError')}
      </Alert>
    );
  if (list.data.items.length === 0)
    return (
      <Text c="dimmed" size="sm" data-testid="bank-files-empty">
        {t('payouts.bankFiles.empty')}
      </Text>
    );
  return (
    <>
      <ScrollArea type="auto">
        <Table verticalSpacing="xs" withTableBorder striped miw={900} data-testid="bank-files">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('payouts.bankFiles.fileName')}</Table.Th>
              <Table.Th>{t('payouts.bankFiles.kind')}</Table.Th>
              <Table.Th>{t('payouts.bankFiles.uploadedAt')}</Table.Th>
              <Table.Th>{t('payouts.bankFiles.status')}</Table.Th>
              <Table.Th ta="right">{t('payouts.bankFiles.entries')}</Table.Th>
              <Table.Th ta="right">{t('payouts.bankFiles.matched')}</Table.Th>
              <Table.Th ta="right">{t('payouts.bankFiles.unmatched')}</Table.Th>
              <Table.Th>{t('payouts.columns.action')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((file) => {
              const matched = file.counts.paid + file.counts.returned + file.counts.rejected + file.counts.unchanged;
              return (
                <Table.Tr key={file.uuid} data-testid="bank-file-row" data-state={file.state} data-unmatched={file.counts.unmatched}>
                  <Table.Td>
                    <Text size="sm" style={{ wordBreak: 'break-all' }}>
                      {file.fileName}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                      {file.kind}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatSettlementTime(file.uploadedAt, locale)}
                    </Text>
                    {file.uploadedBy && (
                      <Text size="xs" c="dimmed">
                        {file.uploadedBy.name}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATE_COLOR[file.state]} variant="light" tt="none" title={file.message ?? undefined} styles={{ label: { overflow: 'visible' } }}>
                      {t(`payouts.bankFiles.statuses.${stateText(file.state)}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{file.counts.entries}</Table.Td>
                  <Table.Td ta="right">{matched}</Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={file.counts.unmatched > 0 ? 700 : undefined} c={file.counts.unmatched > 0 ? 'orange.9' : undefined}>
                      {file.counts.unmatched}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" onClick={() => setShowing(file)} data-testid="show-unmatched" disabled={file.state !== 'done' && file.state !== 'failed'}>
                      {t('payouts.bankFiles.showUnmatched')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <UnmatchedModal group={group} file={showing} onClose={() => setShowing(null)} />
    </>
  );
}
