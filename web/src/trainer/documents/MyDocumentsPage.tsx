import { Button, Card, Stack, Text, Title } from '@mantine/core';
import '../../shared/mantine-styles-app'; // the UI kit's CSS beyond the trainer portal's first screen
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../shared/components/PageHeader';
import { useLocale } from '../../shared/hooks/use-locale';
import { useSession } from '../../shared/session';
import { DocumentsPanel } from './DocumentsPanel';

/** /{locale}/trainer/documents: the 'My documents' variant (trainer portal 2): every connected studio group's documents on one page. */
export function MyDocumentsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const groups = useSession()?.studioGroups ?? [];
  return (
    <>
      <PageHeader title={t('trainerDocuments.myDocuments.title')} />
      <Stack gap="lg" data-testid="my-documents">
        {groups.length === 0 && <Text c="dimmed">{t('trainerDocuments.myDocuments.empty')}</Text>}
        {groups.map((group) => (
          <Card key={group.uuid} withBorder radius="md" p="lg">
            <Stack gap="md">
              <Title order={3} size="h4">
                {group.name}
              </Title>
              <DocumentsPanel studioGroupUuid={group.uuid} withHeading={false} />
              <Button component={Link} to={`/${locale}/trainer/studio/${group.uuid}/documents`} variant="subtle" w="fit-content">
                {t('trainerDocuments.myDocuments.uploadFile')}
              </Button>
            </Stack>
          </Card>
        ))}
      </Stack>
    </>
  );
}
