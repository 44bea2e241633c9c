import { ActionIcon, Alert, Badge, Button, Card, Center, Group, Loader, Menu, Modal, Paper, ScrollArea, Select, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trainerDocumentDownloadPath, type TTrainerDocument, type TTrainerDocumentsResponse } from '../../../../contracts/documents.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert } from '../../shared/components/icons';
import { openSignedDownload, signCallOf } from '../../shared/downloads/signed-download';
import { formatDate } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { usePhone } from '../../shared/hooks/use-phone';
import { useDeleteDocument, useTrainerDocuments, useUploadDocument } from './api';
import { MAX_UPLOAD_BYTES, PdfDropzone } from './PdfDropzone';

type Category = TTrainerDocumentsResponse['categories'][number];

const toast = (color: 'green' | 'red', message: string) => notifications.show({ color, message, withBorder: true, autoClose: 4000 });

function UploadModal({ studioGroupUuid, categories, categoryUuid, onClose }: { studioGroupUuid: string; categories: Category[]; categoryUuid: string | null | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<string | null>(categoryUuid ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<{ file?: string; category?: string }>({});
  const upload = useUploadDocument(studioGroupUuid);
  const opened = categoryUuid !== undefined;
  const close = () => {
    setFile(null);
    setError({});
    upload.reset();
    onClose();
  };
  const choose = (chosen: File) => {
    setFile(chosen);
    // A first check in the browser; the server checks the content and size again.
    const looksPdf = chosen.type === 'application/pdf' || chosen.name.toLowerCase().endsWith('.pdf');
    setError({ file: !looksPdf ? t('trainerDocuments.uploadModal.notPdf') : chosen.size > MAX_UPLOAD_BYTES ? t('trainerDocuments.uploadModal.tooLarge') : undefined });
  };
  const submit = () => {
    const problems = { file: file ? error.file : t('trainerDocuments.uploadModal.fileRequired'), category: category ? undefined : t('trainerDocuments.uploadModal.categoryRequired') };
    setError(problems);
    if (problems.file || problems.category || !file || !category) return;
    upload.mutate(
      { categoryUuid: category, file },
      {
        onSuccess: (answer) => {
          toast('green', answer.message);
          close();
        },
        // The server's reason (not a PDF, too large, …) stays in the modal with the chosen file.
        onError: (failure) => setError({ file: errorMessage(failure) }),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title={t('trainerDocuments.uploadModal.title')} data-testid="document-upload-modal">
      <Stack gap="md">
        <PdfDropzone file={file} onFile={choose} error={error.file} />
        <Select
          label={t('trainerDocuments.uploadModal.category')}
          placeholder={t('trainerDocuments.uploadModal.chooseCategory')}
          data={[{ value: '', label: t('trainerDocuments.uploadModal.chooseCategory'), disabled: true }, ...categories.map((option) => ({ value: option.uuid, label: option.name }))]}
          value={category}
          onChange={(value) => {
            setCategory(value || null);
            setError((current) => ({ ...current, category: undefined }));
          }}
          error={error.category}
          allowDeselect={false}
          data-testid="document-category-select"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('trainerDocuments.uploadModal.cancel')}
          </Button>
          <Button onClick={submit} loading={upload.isPending} data-testid="document-upload-submit">
            {t('trainerDocuments.uploadModal.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DeleteModal({ studioGroupUuid, document, onClose }: { studioGroupUuid: string; document: TTrainerDocument | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteDocument(studioGroupUuid);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={document !== null} onClose={close} title={t('trainerDocuments.deleteModal.title')} data-testid="document-delete-modal">
      <Stack gap="md">
        <Alert color="red" icon={<IconAlert />}>
          {t('trainerDocuments.deleteModal.warning')}
        </Alert>
        <Text fw={600}>{document?.fileName}</Text>
        {remove.error && (
          <Text c="red" size="sm" data-testid="document-delete-error">
            {errorMessage(remove.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('trainerDocuments.deleteModal.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            data-testid="document-delete-confirm"
            onClick={() =>
              document &&
              remove.mutate(document.uuid, {
                onSuccess: (answer) => {
                  toast('green', answer.message);
                  close();
                },
              })
            }
          >
            {t('trainerDocuments.deleteModal.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ApprovalBadge({ document }: { document: TTrainerDocument }) {
  const { t } = useTranslation();
  const color = document.approvalStatus === 'Approved' ? 'green' : document.approvalStatus === 'Rejected' ? 'red' : 'yellow';
  const mark = document.approvalStatus === 'Approved' ? '✓ ' : document.approvalStatus === 'Rejected' ? '✗ ' : '';
  return (
    <Stack gap={2}>
      <Badge color={color} variant="light" data-testid="document-approval">
        {mark}
        {t(`trainerDocuments.status.${document.approvalStatus}`)}
      </Badge>
      {document.approvalStatus === 'Rejected' && document.rejectionReason && (
        <Text size="xs" c="dimmed">
          {t('trainerDocuments.rejectedBecause', { reason: document.rejectionReason })}
        </Text>
      )}
    </Stack>
  );
}

type DocumentHandlers = { onDelete: (document: TTrainerDocument) => void; onDownload: (document: TTrainerDocument) => void };

/** The ⋯ menu of a document: Download, and Delete unless the studio group approved it. */
function DocumentActions({ document, onDelete, onDownload }: { document: TTrainerDocument } & DocumentHandlers) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('trainerDocuments.actions', { fileName: document.fileName })} data-testid="document-actions">
          ⋯
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onDownload(document)} data-testid="document-download">
          {t('trainerDocuments.download')}
        </Menu.Item>
        {document.approvalStatus === 'Approved' ? (
          <Tooltip label={t('trainerDocuments.approvedNotDeletable')} multiline w={260}>
            <div>
              <Menu.Item color="red" disabled data-testid="document-delete">
                {t('trainerDocuments.delete')}
              </Menu.Item>
            </div>
          </Tooltip>
        ) : (
          <Menu.Item color="red" onClick={() => onDelete(document)} data-testid="document-delete">
            {t('trainerDocuments.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function ExpiryDate({ document }: { document: TTrainerDocument }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Group gap={6}>
      <Text size="sm" data-testid="document-expires">
        {document.expired ? formatDate(document.expired.date, locale) : '—'}
      </Text>
      {document.isExpired && (
        <Badge color="red" size="xs">
          {t('trainerDocuments.expired')}
        </Badge>
      )}
    </Group>
  );
}

/** On a phone a document is a card: its name and menu, then approval and expiry. */
function DocumentCard({ document, onDelete, onDownload }: { document: TTrainerDocument } & DocumentHandlers) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="document-row" data-file-name={document.fileName}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {document.fileName}
        </Text>
        <DocumentActions document={document} onDelete={onDelete} onDownload={onDownload} />
      </Group>
      <Group gap="md" mt={4} align="flex-start">
        <ApprovalBadge document={document} />
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t('trainerDocuments.columns.expires')}:
          </Text>
          <ExpiryDate document={document} />
        </Group>
      </Group>
    </Paper>
  );
}

function CategoryCard({ category, onUpload, onDelete, onDownload }: { category: Category; onUpload: () => void } & DocumentHandlers) {
  const { t } = useTranslation();
  const provided = category.documents.some((document) => document.approvalStatus !== 'Rejected' && !document.isExpired);
  // Four columns do not fit a phone: there each document is a card, and Upload goes under the name.
  const phone = usePhone();
  return (
    <Card withBorder radius="md" data-testid="document-category" data-category={category.name}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap={phone ? 'wrap' : 'nowrap'}>
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={4} size="h5">
              {category.name}
            </Title>
            {category.isMandatory && (
              <Badge color="red" variant="outline" size="sm" data-testid="document-mandatory">
                {t('trainerDocuments.mandatory')}
              </Badge>
            )}
            {category.isMandatory && !provided && (
              <Badge color="red" variant="filled" size="sm">
                {t('trainerDocuments.missing')}
              </Badge>
            )}
          </Group>
          {category.description && (
            <Text size="sm" c="dimmed">
              {category.description}
            </Text>
          )}
        </Stack>
        <Button size="xs" variant="light" onClick={onUpload} data-testid="document-upload-open">
          {t('trainerDocuments.upload')}
        </Button>
      </Group>
      {category.documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('trainerDocuments.noDocuments')}
        </Text>
      ) : phone ? (
        <Stack gap="xs">
          {category.documents.map((document) => (
            <DocumentCard key={document.uuid} document={document} onDelete={onDelete} onDownload={onDownload} />
          ))}
        </Stack>
      ) : (
        <ScrollArea type="auto">
          <Table verticalSpacing="xs" miw={520}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('trainerDocuments.columns.document')}</Table.Th>
                <Table.Th>{t('trainerDocuments.columns.approval')}</Table.Th>
                <Table.Th>{t('trainerDocuments.columns.expires')}</Table.Th>
                <Table.Th w={80}>{t('trainerDocuments.columns.action')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {category.documents.map((document) => (
                <Table.Tr key={document.uuid} data-testid="document-row" data-file-name={document.fileName}>
                  <Table.Td>
                    <Text size="sm">{document.fileName}</Text>
                  </Table.Td>
                  <Table.Td>
                    <ApprovalBadge document={document} />
                  </Table.Td>
                  <Table.Td>
                    <ExpiryDate document={document} />
                  </Table.Td>
                  <Table.Td>
                    <DocumentActions document={document} onDelete={onDelete} onDownload={onDownload} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Card>
  );
}

/**
 * Trainer portal 2 'Documents page' for one studio group: the group's name and description, a card
 * per category (Mandatory badge, upload button) with the table Document, Approval, Expires, Action;
 * the upload modal (drop zone 'PDF (max. 3 MB)', category select) and the delete modal.
 */
export function DocumentsPanel({ studioGroupUuid, withHeading = true }: { studioGroupUuid: string; withHeading?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const page = useTrainerDocuments(studioGroupUuid);
  // undefined: the upload modal is closed; null: open without a category chosen.
  const [uploadCategory, setUploadCategory] = useState<string | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<TTrainerDocument | null>(null);

  if (page.isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (page.isError) {
    return (
      <Alert color="red" icon={<IconAlert />} data-testid="documents-error">
        {t('trainerDocuments.loadError')}
      </Alert>
    );
  }
  const download = (document: TTrainerDocument) =>
    openSignedDownload({ signCall: signCallOf('trainer'), path: trainerDocumentDownloadPath(locale, document.uuid) }).catch((error: unknown) => toast('red', errorMessage(error)));

  return (
    <Stack gap="md" data-testid="documents-page">
      {withHeading && (
        <Stack gap={2}>
          <Title order={3} size="h4">
            {page.data.studioGroupName}
          </Title>
          <Text size="sm" c="dimmed">
            {t('trainerDocuments.description', { studioGroup: page.data.studioGroupName })}
          </Text>
        </Stack>
      )}
      {page.data.categories.length === 0 && <Text c="dimmed">{t('trainerDocuments.noCategories')}</Text>}
      {page.data.categories.map((category) => (
        <CategoryCard key={category.uuid} category={category} onUpload={() => setUploadCategory(category.uuid)} onDelete={setDeleting} onDownload={(document) => void download(document)} />
      ))}
      <UploadModal key={String(uploadCategory)} studioGroupUuid={studioGroupUuid} categories={page.data.categories} categoryUuid={uploadCategory} onClose={() => setUploadCategory(undefined)} />
      <DeleteModal studioGroupUuid={studioGroupUuid} document={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
