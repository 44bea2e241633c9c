import { Avatar, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../shared/components/PageHeader';
import { useLocale } from '../../shared/hooks/use-locale';
import { useSession } from '../../shared/session';

/** /:locale/trainer/profile: for now the trainer's name and connected studio groups; the profile tabs follow. */
export function ProfilePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const session = useSession();
  if (!session) return null;

  return (
    <>
      <PageHeader title={t('trainer.profile.title')} />
      <Stack gap="lg">
        <Card data-testid="trainer-profile">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <Avatar color="brand" radius="xl" size={56}>
              {session.name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Stack gap={4}>
              <Title order={3}>{t('trainer.profile.greeting', { name: session.name })}</Title>
              <Text c="dimmed">{t('trainer.profile.text')}</Text>
            </Stack>
          </Group>
        </Card>
        <Card>
          <Text fw={600} mb="sm">
            {t('trainer.profile.studioGroups')}
          </Text>
          {session.studioGroups.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('trainer.profile.noStudioGroups')}
            </Text>
          ) : (
            <List spacing={6}>
              {session.studioGroups.map((group) => (
                <List.Item key={group.uuid}>
                  <Text component={Link} to={`/${locale}/trainer/studio/${group.uuid}`} c="brand.7" fw={500}>
                    {group.name}
                  </Text>
                </List.Item>
              ))}
            </List>
          )}
        </Card>
      </Stack>
    </>
  );
}
