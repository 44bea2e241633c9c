import { ActionIcon, Badge, Button, Card, Checkbox, Group, Modal, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDocumentCategory } from '../../../../contracts/documents.contract';
import { ApiError, errorMessage } from '../../shared/api/client';
import { useDeleteDocumentCategory, useDocumentCategories, useSaveDocumentCategory } from './api';

type Draft = { categoryUuid?: string; categoryName: string; categoryDescription: string; isMandatory: boolean };

function CategoryModal({ studioGroupUuid, draft, onClose }: { studioGroupUuid: string; draft: Draft | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Draft>(draft ?? { categoryName: '', categoryDescription: '', isMandatory: false });
  const save = useSaveDocumentCategory(studioGroupUuid);
  const fieldError = (field: string) => (save.error instanceof ApiError && save.error.field === field ? save.error.message : undefined);
  const otherError = save.error && !fieldError('categoryName') && !fieldError('categoryDescription') ? errorMessage(save.error) : undefined;
  return (
    <Modal opened={draft !== null} onClose={onClose} title={draft?.categoryUuid ? t('documentManager.categories.modalEdit') : t('documentManager.categories.modalAdd')} data-testid="document-category-modal">
      <Stack gap="sm">
        <TextInput label={t('documentManager.categories.name')} required maxLength={120} value={form.categoryName} onChange={(event) => setForm({ ...form, categoryName: event.currentTarget.value })} error={fieldError('categoryName')} data-testid="document-category-name" />
        <Textarea label={t('documentManager.categories.descriptionField')} autosize minRows={2} maxLength={1000} value={form.categoryDescription} onChange={(event) => setForm({ ...form, categoryDescription: event.currentTarget.value })} error={fieldError('categoryDescription')} />
        <Checkbox label={t('documentManager.categories.mandatory')} checked={form.isMandatory} onChange={(event) => setForm({ ...form, isMandatory: event.currentTarget.checked })} data-testid="document-category-mandatory" />
        {otherError && (
          <Text c="red" size="sm">
            {otherError}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('documentManager.categories.cancel')}
          </Button>
          <Button
            loading={save.isPending}
            disabled={!form.categoryName.trim()}
            data-testid="document-category-save"
            onClick={() =>
              save.mutate(
                { categoryUuid: form.categoryUuid, input: { categoryName: form.categoryName, categoryDescription: form.categoryDescription, isMandatory: form.isMandatory } },
                {
                  onSuccess: (answer) => {
                    notifications.show({ color: 'green', message: answer.message, withBorder: true, autoClose: 4000 });
                    onClose();
                  },
                },
              )
            }
          >
            {t('documentManager.categories.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Settings: the studio group's document categories (name, description, mandatory). */
export function DocumentCategoriesSettings({ studioGroupUuid }: { studioGroupUuid: string }) {
  const { t } = useTranslation();
  const categories = useDocumentCategories(studioGroupUuid);
  const remove = useDeleteDocumentCategory(studioGroupUuid);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<TDocumentCategory | null>(null);
  return (
    <Card withBorder radius="md" p="lg" mt="lg" data-testid="document-categories-settings">
      <Group justify="space-between" align="flex-start" mb="sm">
        <Stack gap={2}>
          <Title order={3} size="h4">
            {t('documentManager.categories.title')}
          </Title>
          <Text size="sm" c="dimmed" maw={640}>
            {t('documentManager.categories.description')}
          </Text>
        </Stack>
        <Button variant="light" onClick={() => setDraft({ categoryName: '', categoryDescription: '', isMandatory: false })} data-testid="document-category-add">
          {t('documentManager.categories.add')}
        </Button>
      </Group>
      {categories.isError && <Text c="red">{errorMessage(categories.error)}</Text>}
      {categories.data?.length === 0 && <Text c="dimmed">{t('documentManager.categories.empty')}</Text>}
      {categories.data && categories.data.length > 0 && (
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('documentManager.categories.name')}</Table.Th>
              <Table.Th>{t('documentManager.categories.descriptionField')}</Table.Th>
              <Table.Th>{t('documentManager.categories.documents')}</Table.Th>
              <Table.Th w={120} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {categories.data.map((category) => (
              <Table.Tr key={category.categoryUuid} data-testid="document-category-row" data-name={category.categoryName}>
                <Table.Td>
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      {category.categoryName}
                    </Text>
                    {category.isMandatory && (
                      <Badge size="sm" color="red" variant="outline">
                        {t('documentManager.categories.mandatory')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {category.categoryDescription}
                  </Text>
                </Table.Td>
                <Table.Td>{category.documentCount}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={t('documentManager.categories.edit')} onClick={() => setDraft({ ...category })}>
                      ✎
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={t('documentManager.categories.delete')} onClick={() => setDeleting(category)}>
                      🗑
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <CategoryModal key={draft ? draft.categoryUuid ?? 'new' : 'closed'} studioGroupUuid={studioGroupUuid} draft={draft} onClose={() => setDraft(null)} />
      <Modal opened={deleting !== null} onClose={() => { remove.reset(); setDeleting(null); }} title={deleting ? t('documentManager.categories.deleteTitle', { name: deleting.categoryName }) : ''}>
        <Stack gap="sm">
          <Text size="sm">{t('documentManager.categories.deleteText')}</Text>
          {remove.error && (
            <Text c="red" size="sm">
              {errorMessage(remove.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => { remove.reset(); setDeleting(null); }}>
              {t('documentManager.categories.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting.categoryUuid, { onSuccess: (answer) => { notifications.show({ color: 'green', message: answer.message, withBorder: true, autoClose: 4000 }); setDeleting(null); } })}>
              {t('documentManager.categories.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
