import { Badge, Button, Group, Modal, Paper, ScrollArea, Stack, Table, Tabs, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCreditNoteFile } from '../../../../contracts/credit-note-list.contract';
import { errorMessage } from '../../shared/api/client';
import { openSignedDownload, signCallOf } from '../../shared/downloads/signed-download';
import { formatDate, formatMonth } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { usePhone } from '../../shared/hooks/use-phone';
import { useIssuedCreditNotes, useObjectToCreditNote } from './api';
import { ListLoadState } from '../shared/ListLoadState';
import { CreditNotePayout } from './CreditNotePayout';

/** Year tabs: the years with credit notes and the current one, newest first. */
export function yearTabs(years: readonly number[], currentYear: number): number[] {
  return [...new Set([currentYear, ...years])].sort((a, b) => b - a);
}

function ObjectionModal({ studioGroupUuid, file, onClose }: { studioGroupUuid: string; file: TCreditNoteFile | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const objection = useObjectToCreditNote(studioGroupUuid);
  const close = () => {
    setReason('');
    objection.reset();
    onClose();
  };
  return (
    <Modal opened={file !== null} onClose={close} title={file ? t('creditNoteList.objectTitle', { number: file.invoiceNumber }) : ''} data-testid="objection-modal">
      <Stack gap="sm">
        <Text size="sm">{t('creditNoteList.objectText')}</Text>
        <Textarea
          label={t('creditNoteList.objectReason')}
          placeholder={t('creditNoteList.objectReasonPlaceholder')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={2000}
          required
          error={objection.error ? errorMessage(objection.error) : undefined}
          data-testid="objection-reason"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('creditNoteList.cancel')}
          </Button>
          <Button
            color="red"
            disabled={!reason.trim()}
            loading={objection.isPending}
            data-testid="objection-submit"
            onClick={() =>
              file &&
              objection.mutate(
                { creditNoteUuid: file.id, reason },
                {
                  onSuccess: (answer) => {
                    notifications.show({ color: 'green', message: answer.message, withBorder: true, autoClose: 4000 });
                    close();
                  },
                },
              )
            }
          >
            {t('creditNoteList.objectSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function CreditNoteNumber({ file }: { file: TCreditNoteFile }) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      <Text size="sm" ff="monospace">
        {file.invoiceNumber}
      </Text>
      {file.documentType === 'cancellation' && (
        <Badge color="gray" variant="light" size="sm">
          {t('creditNoteList.cancellation')}
        </Badge>
      )}
      {file.cancelledBy && (
        <Badge color="gray" variant="outline" size="sm">
          {t('creditNoteList.cancelledBy', { number: file.cancelledBy })}
        </Badge>
      )}
    </Group>
  );
}

/** Download (PDF), the XRechnung, and the objection while the credit note stands. */
function CreditNoteActions({ file, onDownload, onObject }: { file: TCreditNoteFile; onDownload: (file: TCreditNoteFile, path?: string) => Promise<unknown>; onObject: (file: TCreditNoteFile) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const phone = usePhone();
  return (
    <Group gap="xs" wrap={phone ? 'wrap' : 'nowrap'}>
      <Button size="xs" variant="light" onClick={() => void onDownload(file)} data-testid="credit-note-download">
        {t('creditNoteList.download')}
      </Button>
      <Button size="xs" variant="default" onClick={() => void onDownload(file, file.xrechnungPath)} data-testid="credit-note-xrechnung">
        {t('eInvoiceProfile.downloadXRechnung')}
      </Button>
      {file.documentType === 'credit_note' && !file.cancelledBy && !file.objectedAt && (
        <Button size="xs" variant="subtle" color="red" onClick={() => onObject(file)} data-testid="credit-note-object">
          {t('creditNoteList.object')}
        </Button>
      )}
      {file.objectedAt && !file.cancelledBy && (
        <Badge color="orange" variant="light" title={file.objectionReason ?? undefined} data-testid="credit-note-objected">
          {t('creditNoteList.objectedOn', { date: formatDate(file.objectedAt, locale) })}
        </Badge>
      )}
    </Group>
  );
}

/**
 * Trainer portal 2 "Credit notes list": year tabs (newest first, the current year by default), per
 * month a table Gutschrift-Nr., Dateiname, Aktion; Download opens the PDF in a new tab.
 */
export function IssuedCreditNotesList({ studioGroupUuid, now = new Date() }: { studioGroupUuid: string; now?: Date }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = useIssuedCreditNotes(studioGroupUuid);
  const [year, setYear] = useState<string | null>(String(now.getFullYear()));
  const [objecting, setObjecting] = useState<TCreditNoteFile | null>(null);
  // Three columns with three buttons do not fit a phone: there each credit note is a card.
  const phone = usePhone();

  if (list.isPending || list.isError) {
    return <ListLoadState query={list} errorText={t('creditNoteList.loadError')} errorTestId="issued-credit-notes-error" />;
  }

  const download = (file: TCreditNoteFile, path = file.downloadPath) =>
    openSignedDownload({ signCall: signCallOf('trainer'), path }).catch((error: unknown) =>
      notifications.show({ color: 'red', message: errorMessage(error) || t('creditNoteList.downloadFailed'), withBorder: true, autoClose: 4000 }),
    );
  const years = yearTabs(list.data.years, now.getFullYear());
  const groupsOf = (tabYear: number) => list.data.creditNotes.filter((group) => group.month.startsWith(`${tabYear}-`));

  return (
    <>
      <Tabs value={year} onChange={setYear} variant="pills" keepMounted={false} data-testid="issued-credit-notes">
        <Tabs.List mb="md">
          {years.map((tabYear) => (
            <Tabs.Tab key={tabYear} value={String(tabYear)} data-testid={`credit-notes-year-${tabYear}`}>
              {tabYear}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {years.map((tabYear) => (
          <Tabs.Panel key={tabYear} value={String(tabYear)}>
            {groupsOf(tabYear).length === 0 ? (
              <Text c="dimmed" size="sm" data-testid="issued-credit-notes-empty">
                {t('creditNoteList.empty')}
              </Text>
            ) : (
              <Stack gap="lg">
                {groupsOf(tabYear).map((group) => (
                  <Stack key={group.month} gap={6} data-testid="credit-notes-month" data-month={group.month}>
                    <Title order={4} size="h5">
                      {formatMonth(`${group.month}-01`, locale)}
                    </Title>
                    {phone ? (
                      group.files.map((file) => (
                        <Paper key={file.id} withBorder p="sm" radius="md" data-testid="credit-note-row" data-number={file.invoiceNumber}>
                          <CreditNoteNumber file={file} />
                          <Text size="sm" c="dimmed" mb="xs" style={{ overflowWrap: 'anywhere' }}>
                            {file.filename}
                          </Text>
                          <CreditNoteActions file={file} onDownload={download} onObject={setObjecting} />
                          <CreditNotePayout payout={file.payout} />
                        </Paper>
                      ))
                    ) : (
                      <ScrollArea type="auto">
                        <Table verticalSpacing="xs" withTableBorder miw={560}>
                          <Table.Thead>
                            <Table.Tr>
                              <Table.Th>{t('creditNoteList.number')}</Table.Th>
                              <Table.Th>{t('creditNoteList.fileName')}</Table.Th>
                              <Table.Th w={260}>{t('creditNoteList.action')}</Table.Th>
                            </Table.Tr>
                          </Table.Thead>
                          <Table.Tbody>
                            {group.files.map((file) => (
                              <Table.Tr key={file.id} data-testid="credit-note-row" data-number={file.invoiceNumber}>
                                <Table.Td>
                                  <CreditNoteNumber file={file} />
                                </Table.Td>
                                <Table.Td>
                                  <Text size="sm">{file.filename}</Text>
                                </Table.Td>
                                <Table.Td>
                                  <Stack gap={6}>
                                    <CreditNoteActions file={file} onDownload={download} onObject={setObjecting} />
                                    <CreditNotePayout payout={file.payout} />
                                  </Stack>
                                </Table.Td>
                              </Table.Tr>
                            ))}
                          </Table.Tbody>
                        </Table>
                      </ScrollArea>
                    )}
                  </Stack>
                ))}
              </Stack>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
      <ObjectionModal studioGroupUuid={studioGroupUuid} file={objecting} onClose={() => setObjecting(null)} />
    </>
  );
}
