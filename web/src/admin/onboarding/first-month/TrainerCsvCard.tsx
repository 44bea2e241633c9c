import { Alert, Card, FileInput, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTrainerCsvRowError } from '../../../../../contracts/first-month.contract';
import { ApiError } from '../../../shared/api/client';
import { IconAlert, IconCheck } from '../../../shared/components/icons';
import { MAX_TRAINER_CSV_BYTES, useUploadTrainerCsv } from './api';

/**
 * The trainer CSV: the server checks the whole file and saves all rows or none; a refused file
 * lists every error with its line and column in the page's language.
 */
export function TrainerCsvCard({ studioGroupUuid }: { studioGroupUuid: string }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const upload = useUploadTrainerCsv(studioGroupUuid);
  const rowErrors = upload.error instanceof ApiError ? ((upload.error.payload as { errors?: TTrainerCsvRowError[] } | null)?.errors ?? []) : [];

  return (
    <Card withBorder data-testid="trainer-csv">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('firstMonth.csv.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('firstMonth.csv.hint')}
        </Text>
        <FileInput
          data-testid="trainer-csv-file"
          label={t('firstMonth.csv.label')}
          accept=".csv,text/csv"
          value={file}
          clearable
          onChange={(chosen) => {
            setFile(chosen);
            upload.reset();
            setTooLarge(Boolean(chosen && chosen.size > MAX_TRAINER_CSV_BYTES));
            if (chosen && chosen.size <= MAX_TRAINER_CSV_BYTES) upload.mutate(chosen);
          }}
        />
        {tooLarge && (
          <Alert color="red" icon={<IconAlert />} role="alert">
            {t('firstMonth.csv.tooLarge')}
          </Alert>
        )}
        {upload.isSuccess && (
          <Alert color="green" icon={<IconCheck />} data-testid="trainer-csv-success">
            {upload.data.message}
          </Alert>
        )}
        {upload.isError && (
          <Alert color="red" icon={<IconAlert />} role="alert" title={upload.error.message || t('firstMonth.csv.failed')} data-testid="trainer-csv-error">
            {rowErrors.length > 0 && (
              <List size="sm" spacing={2}>
                {rowErrors.map((error) => (
                  <List.Item key={`${error.line}-${error.column}-${error.reason}`}>{error.message}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
