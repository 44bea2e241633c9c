import { Alert, Card, FileInput, List, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiRequest } from '../../shared/api/client';
import { IconAlert, IconCheck } from '../../shared/components/icons';

type CsvLineError = { line: number; message: string };

/** The server's message, our own check's message (too large), or the generic one. */
const errorText = (error: Error, fallback: string) => (error instanceof ApiError || !(error instanceof TypeError) ? error.message || fallback : fallback);

/** Spec-side limit of the upload route (api/routes/import/csv-upload.router.ts). */
const MAX_CSV_BYTES = 5 * 1024 * 1024;

/**
 * A studio group that imports from a CSV file uploads it here first. The server checks the whole
 * file; a file with bad rows is refused with every line's reason and the stored file stays as it was.
 */
export function CsvUploadCard({ studioGroupUuid }: { studioGroupUuid: string }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: async (chosen: File) => {
      if (chosen.size > MAX_CSV_BYTES) throw new Error(t('importRun.csv.tooLarge'));
      return apiRequest<{ message: string; classes: number }>(`/api/v1/${encodeURIComponent(studioGroupUuid)}/csv/import/file`, {
        method: 'PUT',
        body: await chosen.text(),
        contentType: 'text/csv',
      });
    },
  });
  const lineErrors =
    upload.error instanceof ApiError ? ((upload.error.payload as { errors?: CsvLineError[] } | null)?.errors ?? []) : [];

  return (
    <Card data-testid="csv-upload">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('importRun.csv.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('importRun.csv.hint')}
        </Text>
        <FileInput
          data-testid="csv-file"
          label={t('importRun.csv.label')}
          placeholder={t('importRun.csv.placeholder')}
          accept=".csv,text/csv"
          value={file}
          clearable
          onChange={(chosen) => {
            setFile(chosen);
            upload.reset();
            if (chosen) upload.mutate(chosen);
          }}
        />
        {upload.isSuccess && (
          <Alert color="green" icon={<IconCheck />} data-testid="csv-upload-success">
            {upload.data.message}
          </Alert>
        )}
        {upload.isError && (
          <Alert color="red" icon={<IconAlert />} title={errorText(upload.error, t('importRun.csv.failed'))} role="alert" data-testid="csv-upload-error">
            {lineErrors.length > 0 && (
              <List size="sm" spacing={2}>
                {lineErrors.map((lineError) => (
                  <List.Item key={`${lineError.line}-${lineError.message}`}>{lineError.message}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
