import { Alert, Button, Card, Group, Paper, Progress, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BANK_FILE_MAX_BYTES, type TBankFileProgressEvent } from '../../../../contracts/payouts.contract';
import type { TStudioGroupRef } from '../../../../contracts/auth.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert, IconCheck } from '../../shared/components/icons';
import { useBankStatement, useUploadBankStatement } from './api';

const formatSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** A bank file is XML; the server reads its content (kind, version, account) whatever the name says. */
const looksLikeXml = (file: File) => /\.xml$/i.test(file.name) || /xml/.test(file.type);

/**
 * Upload of the bank's file (choose or drop), then the live progress of its reading: the socket's
 * events while the workflow matches the entries, the file's own record as it stands (a reloaded
 * page, a missed event), and at the end what it changed.
 */
export function BankFileUploadCard({ group, progress }: { group: TStudioGroupRef; progress: Map<string, TBankFileProgressEvent> }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [over, setOver] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [following, setFollowing] = useState<string | null>(null);
  const upload = useUploadBankStatement(group);
  const followed = useBankStatement(group, following);
  const live = following ? progress.get(following) : undefined;
  const state = live?.state ?? followed.data?.state;
  const reading = state === 'stored' || state === 'reading';
  const detail = followed.data;

  const choose = (chosen: File) => {
    upload.reset();
    setFile(chosen);
    setCheckError(
      chosen.size > BANK_FILE_MAX_BYTES ? t('payouts.upload.tooLarge', { size: formatSize(BANK_FILE_MAX_BYTES) }) : looksLikeXml(chosen) ? null : t('payouts.upload.notXml'),
    );
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) choose(dropped);
  };
  const submit = () => {
    if (!file || checkError) return;
    upload.mutate(file, {
      onSuccess: (accepted) => {
        setFollowing(accepted.bankFileUuid);
        setFile(null);
      },
    });
  };

  const processed = live?.processed ?? detail?.progress.processed ?? 0;
  const total = live?.total ?? detail?.progress.total ?? null;
  const percent = total ? Math.min(100, Math.round((processed / total) * 100)) : state === 'done' ? 100 : 0;
  const error = checkError ?? (upload.isError ? errorMessage(upload.error) || t('payouts.upload.failed') : null);

  return (
    <Card data-testid="bank-file-upload">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('payouts.upload.title')}
        </Title>
        <UnstyledButton
          onClick={() => input.current?.click()}
          onDragOver={(event) => {
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
          data-testid="bank-file-dropzone"
        >
          <Paper
            withBorder
            p="lg"
            radius="md"
            style={{ borderStyle: 'dashed', borderColor: error ? 'var(--mantine-color-red-6)' : over ? 'var(--mantine-color-brand-6)' : undefined, textAlign: 'center' }}
          >
            <Text fw={600}>{t('payouts.upload.dropzone')}</Text>
            <Text size="sm" c="dimmed">
              {file ? t('payouts.upload.chosen', { fileName: file.name, size: formatSize(file.size) }) : t('payouts.upload.hint', { size: formatSize(BANK_FILE_MAX_BYTES) })}
            </Text>
          </Paper>
        </UnstyledButton>
        <input
          ref={input}
          type="file"
          accept=".xml,application/xml,text/xml"
          hidden
          data-testid="bank-file-input"
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            if (chosen) choose(chosen);
            event.currentTarget.value = '';
          }}
        />
        {error && (
          <Alert color="red" icon={<IconAlert />} role="alert" data-testid="bank-file-error">
            {error}
          </Alert>
        )}
        <Group>
          <Button onClick={submit} disabled={!file || Boolean(checkError)} loading={upload.isPending} data-testid="bank-file-submit">
            {t('payouts.upload.submit')}
          </Button>
        </Group>
        {following && (detail || live) && (
          <Stack gap={6} data-testid="bank-file-progress" data-state={state}>
            <Text size="sm" fw={600}>
              {t('payouts.progress.title', { fileName: detail?.fileName ?? '' })}
            </Text>
            {state !== 'failed' && (
              <Progress
                aria-label={t('payouts.progress.title', { fileName: detail?.fileName ?? '' })}
                value={percent}
                size="lg"
                radius="xl"
                striped={reading}
                animated={reading}
                color={state === 'done' ? 'green' : 'brand'}
                transitionDuration={300}
              />
            )}
            {reading && (
              <Text size="sm" c="dimmed" data-testid="bank-file-progress-text">
                {total ? t('payouts.progress.entries', { processed, total }) : t('payouts.progress.counting')}
              </Text>
            )}
            {state === 'done' && detail?.state === 'done' && (
              <Alert color="green" icon={<IconCheck />} data-testid="bank-file-done">
                {t('payouts.progress.done', { matched: detail.counts.paid + detail.counts.returned + detail.counts.rejected + detail.counts.unchanged, unmatched: detail.counts.unmatched })}
              </Alert>
            )}
            {state === 'failed' && (
              <Alert color="red" icon={<IconAlert />} role="alert" data-testid="bank-file-failed">
                {t('payouts.progress.failed', { message: detail?.message ?? '' })}
              </Alert>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
