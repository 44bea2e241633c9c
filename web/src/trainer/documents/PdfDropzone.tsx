import { Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

// The upload modal's drop zone ('PDF (max. 3 MB)', trainer portal 2): drop a file or click to choose.
// @mantine/dropzone has no release for the Mantine version this app runs, so it is a small native
// drop target; the server checks the file's content and size whatever the browser lets through.

export const MAX_UPLOAD_BYTES = 3 * 1024 * 1024;

export const formatSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

export function PdfDropzone({ file, onFile, error }: { file: File | null; onFile: (file: File) => void; error?: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };
  return (
    <Stack gap={4}>
      <UnstyledButton onClick={() => input.current?.click()} onDragOver={(event) => { event.preventDefault(); setOver(true); }} onDragLeave={() => setOver(false)} onDrop={drop} data-testid="document-dropzone">
        <Paper withBorder p="lg" radius="md" style={{ borderStyle: 'dashed', borderColor: error ? 'var(--mantine-color-red-6)' : over ? 'var(--mantine-color-brand-6)' : undefined, textAlign: 'center' }}>
          <Text fw={600}>{t('trainerDocuments.uploadModal.dropzone')}</Text>
          <Text size="sm" c="dimmed">
            {file ? t('trainerDocuments.uploadModal.chosen', { fileName: file.name, size: formatSize(file.size) }) : t('trainerDocuments.uploadModal.dropzoneHint')}
          </Text>
        </Paper>
      </UnstyledButton>
      <input
        ref={input}
        type="file"
        accept="application/pdf,.pdf"
        hidden
        data-testid="document-file-input"
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          if (chosen) onFile(chosen);
          event.currentTarget.value = '';
        }}
      />
      {error && (
        <Text size="sm" c="red" data-testid="document-upload-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
