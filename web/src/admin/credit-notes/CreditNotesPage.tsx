import { Alert, Badge, Button, Card, Center, Group, Loader, Modal, ScrollArea, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStudioGroupRef } from '../../../../contracts/auth.contract';
import type { TAdminCreditNote } from '../../../../contracts/credit-note-list.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { openSignedDownload, signCallOf } from '../../shared/downloads/signed-download';
import { formatDate, formatMoney, formatMonth } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { useCurrentStudioGroup, useMayChange } from '../shared/current-studio-group';
import { useAdminCreditNotes, useCancelCreditNote } from './api';

function useDownload(group: TStudioGroupRef) {
  const { t } = useTranslation();
  return (path: string) =>
    openSignedDownload({ signCall: signCallOf({ studioGroupUuid: group.uuid }), path }).catch((error: unknown) =>
      notifications.show({ color: 'red', message: errorMessage(error) || t('creditNoteList.downloadFailed'), withBorder: true }),
    );
}

function Objections({ group, objections }: { group: TStudioGroupRef; objections: TAdminCreditNote[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [confirming, setConfirming] = useState<TAdminCreditNote | null>(null);
  const mayChange = useMayChange();
  const cancel = useCancelCreditNote(group);
  const download = useDownload(group);
  if (objections.length === 0) return null;
  return (
    <Card withBorder style={{ borderColor: 'var(--mantine-color-orange-4)' }} data-testid="credit-note-objections">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('creditNoteList.objections')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('creditNoteList.objectionsText')}
        </Text>
        {objections.map((note) => (
          <Group key={note.uuid} justify="space-between" wrap="nowrap" align="flex-start" data-testid="credit-note-objection" data-number={note.number}>
            <Stack gap={2}>
              <Group gap="xs">
                <Text fw={600} ff="monospace" size="sm">
                  {note.number}
                </Text>
                <Text size="sm">{note.trainerName}</Text>
                <Text size="sm" c="dimmed">
                  {formatMonth(`${note.month}-01`, locale)} · {formatMoney(note.grossCents)}
                </Text>
              </Group>
              {note.objection && (
                <Text size="sm" c="orange">
                  {t('creditNoteList.objectionBy', { name: note.objection.by, date: formatDate(note.objection.at, locale), reason: note.objection.reason })}
                </Text>
              )}
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" variant="default" onClick={() => void download(note.downloadPath)}>
                {t('creditNoteList.download')}
              </Button>
              {mayChange && (
                <Button size="xs" color="red" onClick={() => setConfirming(note)} data-testid="confirm-cancellation">
                  {t('creditNoteList.confirmCancellation')}
                </Button>
              )}
            </Group>
          </Group>
        ))}
      </Stack>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={confirming ? t('creditNoteList.confirmCancellationTitle', { number: confirming.number }) : ''}>
        <Stack gap="md">
          <Text size="sm">{confirming && t('creditNoteList.confirmCancellationText', { number: confirming.number })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {t('creditNoteList.cancel')}
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              data-testid="confirm-cancellation-submit"
              onClick={() =>
                confirming &&
                cancel.mutate(confirming.uuid, {
                  onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message, withBorder: true }),
                  onError: (error) => notifications.show({ color: 'red', message: errorMessage(error), withBorder: true }),
                  onSettled: () => setConfirming(null),
                })
              }
            >
              {t('creditNoteList.confirmCancellation')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

function MonthTable({ group, notes }: { group: TStudioGroupRef; notes: TAdminCreditNote[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const download = useDownload(group);
  return (
    <ScrollArea type="auto">
      <Table verticalSpacing="xs" withTableBorder striped miw={900}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('creditNoteList.number')}</Table.Th>
            <Table.Th>{t('creditNoteList.fileName')}</Table.Th>
            <Table.Th>{t('creditNoteList.trainer')}</Table.Th>
            <Table.Th ta="right">{t('creditNoteList.gross')}</Table.Th>
            <Table.Th>{t('creditNoteList.issueDate')}</Table.Th>
            <Table.Th>{t('creditNoteList.sent')}</Table.Th>
            <Table.Th>{t('creditNoteList.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {notes.map((note) => (
            <Table.Tr key={note.uuid} data-testid="admin-credit-note-row" data-number={note.number}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {note.number}
                  </Text>
                  {note.documentType === 'cancellation' && note.cancels && (
                    <Badge size="sm" color="gray" variant="light">
                      {t('creditNoteList.cancels', { number: note.cancels })}
                    </Badge>
                  )}
                  {note.cancelledBy && (
                    <Badge size="sm" color="gray" variant="outline">
                      {t('creditNoteList.cancelledBy', { number: note.cancelledBy })}
                    </Badge>
                  )}
                  {note.objection && !note.cancelledBy && (
                    <Badge size="sm" color="orange" variant="light">
                      {t('creditNoteList.objected')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{note.fileName}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{note.trainerName}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" ff="monospace">
                  {formatMoney(note.grossCents)}
                </Text>
              </Table.Td>
              <Table.Td>{formatDate(note.issueDate, locale)}</Table.Td>
              <Table.Td>
                {note.sentAt ? (
                  formatDate(note.sentAt, locale)
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('creditNoteList.notSent')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" onClick={() => void download(note.downloadPath)} data-testid="admin-credit-note-download">
                  {t('creditNoteList.download')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** `/:locale/admin/credit-notes` (spec 2.22): year tabs, newest first, per month the group's credit notes; open objections on top. */
export function CreditNotesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { current } = useCurrentStudioGroup();
  const group = current!;
  const currentYear = new Date().getFullYear();
  const [year, setYear] = useState(currentYear);
  const list = useAdminCreditNotes(group, { year });
  const years = useMemo(() => [...new Set([currentYear, ...(list.data?.years ?? [])])].sort((a, b) => b - a), [currentYear, list.data?.years]);
  const months = useMemo(() => {
    const byMonth = new Map<string, TAdminCreditNote[]>();
    for (const note of list.data?.creditNotes ?? []) byMonth.set(note.month, [...(byMonth.get(note.month) ?? []), note]);
    return [...byMonth];
  }, [list.data?.creditNotes]);

  return (
    <>
      <PageHeader title={t('creditNoteList.title')} />
      <Stack gap="lg" data-testid="admin-credit-notes">
        {list.data && <Objections group={group} objections={list.data.objections} />}
        <Card>
          <Tabs value={String(year)} onChange={(value) => value && setYear(Number(value))} variant="pills">
            <Tabs.List mb="md">
              {years.map((tabYear) => (
                <Tabs.Tab key={tabYear} value={String(tabYear)} data-testid={`admin-credit-notes-year-${tabYear}`}>
                  {tabYear}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          {list.isPending && (
            <Center py="lg">
              <Loader size="sm" aria-label={t('common.loading')} />
            </Center>
          )}
          {list.isError && (
            <Alert color="red" icon={<IconAlert />}>
              {t('creditNoteList.loadError')}
            </Alert>
          )}
          {list.data && months.length === 0 && (
            <Text c="dimmed" size="sm" data-testid="admin-credit-notes-empty">
              {t('creditNoteList.empty')}
            </Text>
          )}
          <Stack gap="lg">
            {months.map(([month, notes]) => (
              <Stack key={month} gap={6} data-testid="admin-credit-notes-month" data-month={month}>
                <Title order={4} size="h5">
                  {formatMonth(`${month}-01`, locale)}
                </Title>
                <MonthTable group={group} notes={notes} />
              </Stack>
            ))}
          </Stack>
        </Card>
      </Stack>
    </>
  );
}
