import { Alert, Anchor, Badge, Button, Checkbox, Group, Stack, Table, Text, TextInput, Textarea, Title, type MantineColor } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStudioGroupRef } from '../../../../../contracts/auth.contract';
import type { TAccountingEmail, TAccountingFileType, TAttachmentStatus } from '../../../../../contracts/credit-note-run.contract';
import { ApiError, errorMessage } from '../../../shared/api/client';
import { IconAlert, IconCheck } from '../../../shared/components/icons';
import { openSignedDownload, signCallOf } from '../../../shared/downloads/signed-download';
import { htmlToParagraphs, paragraphsToHtml } from './credit-note-run';
import { useSendAccountingEmail } from '../api';

const STATUS_COLOR: Record<TAttachmentStatus['status'], MantineColor> = { success: 'green', error: 'red', not_set: 'gray' };

const ATTACHMENTS: Array<{ type: TAccountingFileType; field: 'sepaXmlFile' | 'creditNotesZipFile' | 'studioCostsByMonthCsvFile' | 'datevExtfFile' | 'payoutReturnsCsvFile' }> = [
  { type: 'SEPA_XML', field: 'sepaXmlFile' },
  { type: 'CREDIT_NOTES_ZIP', field: 'creditNotesZipFile' },
  { type: 'STUDIO_COSTS_BY_MONTH', field: 'studioCostsByMonthCsvFile' },
  { type: 'DATEV_EXTF', field: 'datevExtfFile' },
  { type: 'PAYOUT_RETURNS', field: 'payoutReturnsCsvFile' },
];

/**
 * The accounting e-mail of a run (spec 2.9, 3 "Accounting e-mail", 4 "Attachment status"): each
 * file ready, error (the spec's text) or not set (not in the group's accounting files; the returns
 * CSV when there is no return to hand over, with the server's note), with a
 * signed download; recipients, subject and a message, sent through the outbox. The message is
 * edited as paragraphs of text and sent as HTML paragraphs (the server sanitises it again).
 */
export function AccountingEmailForm({ group, email }: { group: TStudioGroupRef; email: TAccountingEmail }) {
  const { t } = useTranslation();
  const send = useSendAccountingEmail(group);
  const [recipients, setRecipients] = useState(email.accountingEmailAddress);
  const [subject, setSubject] = useState(email.accountingEmailText.subject);
  const [body, setBody] = useState(() => htmlToParagraphs(email.accountingEmailText.body));
  const [attachments, setAttachments] = useState<TAccountingFileType[]>(() =>
    ATTACHMENTS.filter(({ type, field }) => email[field].status === 'success' && email.accountingFiles.includes(type)).map(({ type }) => type),
  );
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const error = send.error;
  const fieldError = (field: string) => (error instanceof ApiError && error.field === field ? error.message : undefined);
  const formError = error && !fieldError('accountingEmailAddress') && !fieldError('accountingEmailSubject') ? errorMessage(error) : null;

  const submit = () => {
    send.reset();
    send.mutate({
      settlementUuid: email.settlementUuid,
      settlementRunUuid: email.settlementRunUuid,
      accountingEmailAddress: recipients,
      accountingEmailSubject: subject,
      accountingEmailBody: paragraphsToHtml(body),
      emailAttachements: attachments,
    });
  };

  const download = async (path: string) => {
    setDownloadError(null);
    try {
      await openSignedDownload({ signCall: signCallOf({ studioGroupUuid: group.uuid }), path });
    } catch (failure) {
      setDownloadError(errorMessage(failure));
    }
  };

  return (
    <Stack gap="md" data-testid="accounting-email-form">
      <Stack gap={4}>
        <Title order={4} fz="md">
          {t('creditNoteStep.accounting.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('creditNoteStep.accounting.info')}
        </Text>
      </Stack>

      <Table verticalSpacing="xs" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>{t('creditNoteStep.accounting.attach')}</Table.Th>
            <Table.Th>{t('creditNoteStep.accounting.file')}</Table.Th>
            <Table.Th>{t('creditNoteStep.accounting.status')}</Table.Th>
            <Table.Th ta="right">{t('creditNoteStep.accounting.download')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ATTACHMENTS.map(({ type, field }) => {
            const file = email[field];
            const path = file.filePathName;
            return (
              <Table.Tr key={type} data-testid="accounting-attachment" data-type={type} data-status={file.status}>
                <Table.Td>
                  <Checkbox
                    aria-label={t('creditNoteStep.accounting.attachFile', { file: t(`creditNoteList.accountingFiles.types.${type}`) })}
                    checked={attachments.includes(type)}
                    disabled={!path || send.isPending}
                    onChange={(event) => {
                      const checked = event.currentTarget.checked;
                      setAttachments((current) => (checked ? [...current, type] : current.filter((item) => item !== type)));
                    }}
                    data-testid={`accounting-attach-${type}`}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {t(`creditNoteList.accountingFiles.types.${type}`)}
                  </Text>
                  {file.status === 'error' && (
                    <Text size="xs" c="red" data-testid="accounting-attachment-error">
                      {file.message ?? t(`creditNoteStep.accounting.errors.${type}`)}
                    </Text>
                  )}
                  {file.status === 'not_set' && file.message && (
                    <Text size="xs" c="dimmed" data-testid="accounting-attachment-note">
                      {file.message}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[file.status]} variant="light" tt="none" data-testid="accounting-attachment-status">
                    {t(`creditNoteStep.accounting.fileStatus.${file.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">
                  {path ? (
                    <Anchor component="button" type="button" size="sm" onClick={() => void download(path)} data-testid={`accounting-download-${type}`}>
                      {t('creditNoteStep.accounting.download')}
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">
                      –
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {downloadError && (
        <Alert color="red" icon={<IconAlert />} data-testid="accounting-download-error">
          {downloadError}
        </Alert>
      )}

      <TextInput
        label={t('creditNoteStep.accounting.recipients')}
        description={t('creditNoteStep.accounting.recipientsHint')}
        value={recipients}
        onChange={(event) => setRecipients(event.currentTarget.value)}
        error={fieldError('accountingEmailAddress')}
        disabled={send.isPending}
        data-testid="accounting-email-recipients"
      />
      <TextInput
        label={t('creditNoteStep.accounting.subject')}
        value={subject}
        onChange={(event) => setSubject(event.currentTarget.value)}
        error={fieldError('accountingEmailSubject')}
        disabled={send.isPending}
        data-testid="accounting-email-subject"
      />
      <Textarea
        label={t('creditNoteStep.accounting.message')}
        description={t('creditNoteStep.accounting.messageHint')}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        autosize
        minRows={4}
        maxRows={12}
        disabled={send.isPending}
        data-testid="accounting-email-body"
      />

      {formError && (
        <Alert color="red" icon={<IconAlert />} role="alert" data-testid="accounting-email-error">
          {formError}
        </Alert>
      )}
      {send.data && (
        <Alert color="green" icon={<IconCheck />} role="status" data-testid="accounting-email-success">
          {send.data.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={submit} loading={send.isPending} disabled={recipients.trim() === '' || subject.trim() === ''} data-testid="accounting-email-send">
          {t('creditNoteStep.accounting.send')}
        </Button>
      </Group>
    </Stack>
  );
}
