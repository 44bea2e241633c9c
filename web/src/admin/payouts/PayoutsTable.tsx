import { Alert, Button, Center, Group, Loader, Modal, Pagination, ScrollArea, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStudioGroupRef } from '../../../../contracts/auth.contract';
import { PAYOUT_STATUSES, type TPayout, type TPayoutStatus } from '../../../../contracts/payouts.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert } from '../../shared/components/icons';
import { openSignedDownload, signCallOf } from '../../shared/downloads/signed-download';
import { formatEuros, formatMonth } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { usePhone } from '../../shared/hooks/use-phone';
import { fromPayout, payoutReason } from '../../shared/payouts/payout-status';
import { PayoutStatusBadge } from '../../shared/payouts/PayoutStatusBadge';
import { downloadPayoutsCsv, usePayAgain, usePayouts, type PayoutFilters } from './api';

const ITEMS_PER_PAGE = 50;

/** A rejected or returned payout not yet paid again: the one that 'Pay again' pays. */
const failedAndNotRepaid = (payout: TPayout) => (payout.status === 'returned' || payout.status === 'rejected') && !payout.repaidByPayoutUuid;

function PayAgainModal({ group, payout, onClose }: { group: TStudioGroupRef; payout: TPayout | null; onClose: () => void }) {
  const { t } = useTranslation();
  const payAgain = usePayAgain(group);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = () => {
    if (!payout) return;
    setError(null);
    payAgain.mutate([payout.uuid], {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: t('payouts.payAgain.done'), withBorder: true });
        close();
        void openSignedDownload({ signCall: signCallOf({ studioGroupUuid: group.uuid }), path: answer.sepaXmlFile.downloadPath }).catch((failure: unknown) =>
          notifications.show({ color: 'red', message: errorMessage(failure), withBorder: true }),
        );
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };
  return (
    <Modal opened={payout !== null} onClose={close} title={payout ? t('payouts.payAgain.title', { trainer: payout.trainerName }) : ''} data-testid="pay-again-modal">
      {payout && (
        <Stack gap="md">
          <Text size="sm">
            {t('payouts.payAgain.text', { number: payout.creditNoteNumber, amount: formatEuros(payout.amount), reason: payoutReason(t, { reasonCode: payout.reasonCode, reasonText: payout.reason }) })}
          </Text>
          {error && (
            <Alert color="red" icon={<IconAlert />} role="alert" data-testid="pay-again-error">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('payouts.payAgain.cancel')}
            </Button>
            <Button color="orange" loading={payAgain.isPending} onClick={confirm} data-testid="pay-again-confirm">
              {t('payouts.payAgain.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** The payouts with their filters (status, month, trainer), the CSV of what is filtered, and 'Pay again' per failed payout. */
export function PayoutsTable({ group }: { group: TStudioGroupRef }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [status, setStatus] = useState<TPayoutStatus | 'all'>('all');
  const [month, setMonth] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [payingAgain, setPayingAgain] = useState<TPayout | null>(null);
  const phone = usePhone();
  const filters: PayoutFilters = { status: status === 'all' ? null : status, month: month ? month.slice(0, 7) : null, search: debouncedSearch };
  const list = usePayouts(group, filters, page, ITEMS_PER_PAGE);
  const byUuid = useMemo(() => new Map((list.data?.items ?? []).map((payout) => [payout.uuid, payout])), [list.data?.items]);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.totalItems / ITEMS_PER_PAGE)) : 1;
  const count = (key: TPayoutStatus) => list.data?.totals[key]?.count ?? 0;

  const exportCsv = () =>
    downloadPayoutsCsv(group, filters).catch((error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) || t('payouts.exportFailed'), withBorder: true }));

  return (
    <Stack gap="md" data-testid="payouts-list">
      <Group align="flex-end" gap="md" wrap="wrap">
        <Stack gap={4} w={phone ? '100%' : undefined}>
          <Text size="sm" fw={500} id="payouts-status-filter">
            {t('payouts.filters.status')}
          </Text>
          <SegmentedControl
            orientation={phone ? 'vertical' : 'horizontal'}
            fullWidth={phone}
            aria-labelledby="payouts-status-filter"
            data-testid="payouts-status-filter"
            value={status}
            onChange={(value) => {
              setStatus(value as TPayoutStatus | 'all');
              setPage(1);
            }}
            data={[
              { value: 'all', label: t('payouts.filters.all') },
              ...PAYOUT_STATUSES.map((key) => ({ value: key, label: `${t(`payoutStatus.${key}`)} (${count(key)})` })),
            ]}
          />
        </Stack>
        <MonthPickerInput
          data-testid="payouts-month-filter"
          label={t('payouts.filters.month')}
          // No placeholder: the picker's placeholder grey fails the contrast check (an empty month means any month).
          value={month}
          onChange={(value) => {
            setMonth(value);
            setPage(1);
          }}
          valueFormat="MMMM YYYY"
          clearable
          w={200}
        />
        <TextInput
          data-testid="payouts-search"
          label={t('payouts.filters.trainer')}
          placeholder={t('payouts.filters.trainerPlaceholder')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={240}
        />
        <Button variant="default" onClick={() => void exportCsv()} data-testid="payouts-export-csv" ml="auto">
          {t('payouts.exportCsv')}
        </Button>
      </Group>
      {list.isPending && (
        <Center py="lg">
          <Loader size="sm" aria-label={t('common.loading')} />
        </Center>
      )}
      {list.isError && (
        <Alert color="red" icon={<IconAlert />} role="alert">
          {errorMessage(list.error) || t('payouts.loadError')}
        </Alert>
      )}
      {list.data && list.data.items.length === 0 && (
        <Text c="dimmed" size="sm" data-testid="payouts-empty">
          {t('payouts.empty')}
        </Text>
      )}
      {list.data && list.data.items.length > 0 && (
        <ScrollArea type="auto">
          <Table verticalSpacing="xs" withTableBorder striped miw={860}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payouts.columns.creditNote')}</Table.Th>
                <Table.Th>{t('payouts.columns.trainer')}</Table.Th>
                <Table.Th>{t('payouts.columns.month')}</Table.Th>
                <Table.Th ta="right">{t('payouts.columns.amount')}</Table.Th>
                <Table.Th>{t('payouts.columns.status')}</Table.Th>
                <Table.Th ta="right">{t('payouts.columns.fee')}</Table.Th>
                <Table.Th>{t('payouts.columns.action')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((payout) => (
                <Table.Tr key={payout.uuid} data-testid="payout-row" data-status={payout.status} data-end-to-end-id={payout.endToEndId}>
                  <Table.Td>
                    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                      {payout.creditNoteNumber}
                    </Text>
                    {payout.endToEndId !== payout.creditNoteNumber && (
                      // A repayment's own end-to-end id (the number with -R1): what the bank's files name.
                      <Text size="xs" c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap' }} title={t('payouts.columns.endToEndId')}>
                        {payout.endToEndId}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {payout.trainerName}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMonth(`${payout.month}-01`, locale)}</Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                      {formatEuros(payout.amount)}
                    </Text>
                  </Table.Td>
                  <Table.Td miw={200} maw={300}>
                    <PayoutStatusBadge payout={fromPayout(payout, payout.repaidByPayoutUuid ? byUuid.get(payout.repaidByPayoutUuid) : undefined)} />
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {payout.fee !== null ? formatEuros(payout.fee) : '–'}
                  </Table.Td>
                  <Table.Td>
                    {failedAndNotRepaid(payout) &&
                      (payout.mayBePaidAgain ? (
                        <Button size="xs" color="orange" variant="light" onClick={() => setPayingAgain(payout)} data-testid="pay-again">
                          {t('payouts.payAgain.button')}
                        </Button>
                      ) : (
                        <Text size="xs" c="dimmed" data-testid="not-payable-reason">
                          {payout.notPayableReason}
                        </Text>
                      ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} size="sm" />}
      <PayAgainModal group={group} payout={payingAgain} onClose={() => setPayingAgain(null)} />
    </Stack>
  );
}
