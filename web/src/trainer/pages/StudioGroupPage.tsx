import { Card, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../shared/components/PageHeader';
import { NotFoundPage } from '../../shared/pages/NotFoundPage';
import { useSession } from '../../shared/session';

/** /:locale/trainer/studio/:studioGroupUuid: a connected studio group; documents and credit notes follow. */
export function StudioGroupPage() {
  const { t } = useTranslation();
  const { studioGroupUuid } = useParams();
  const session = useSession();
  const group = session?.studioGroups.find((candidate) => candidate.uuid === studioGroupUuid);
  if (!group) return <NotFoundPage />;

  return (
    <>
      <PageHeader title={group.name} />
      <Card data-testid="trainer-studio-group">
        <Text c="dimmed">{t('trainer.studio.text')}</Text>
      </Card>
    </>
  );
}
