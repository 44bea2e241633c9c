import { Alert, Anchor, Badge, Button, Card, Group, Loader, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TDataCheckResult } from '../../../../contracts/trainer-overview.contract';
import { IconAlert, IconCheck } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { formatDate, formatMonth } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { useCurrentStudioGroup } from '../shared/current-studio-group';
import { useDataCheck } from '../trainer-overview/api';

type Checker = TDataCheckResult['CALLCHECKER'];

function CheckCard({ title, message, count, children, testId, loading }: { title: string; message: string; count: number; children: ReactNode; testId: string; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Card withBorder data-testid={testId} data-count={loading ? undefined : count}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{title}</Title>
          {!loading && (
            <Badge color={count === 0 ? 'green' : 'red'} variant="light">
              {count}
            </Badge>
          )}
        </Group>
        {loading ? (
          <Group justify="center" py="lg">
            <Loader size="sm" data-testid="data-check-loading" />
          </Group>
        ) : count === 0 ? (
          <Group gap="xs" c="green" data-testid={`${testId}-ok`}>
            <IconCheck size={16} />
            <Text size="sm">{t('trainerAdmin.dataCheck.allChecked')}</Text>
          </Group>
        ) : (
          <>
            <Text size="sm" fw={600}>
              {message}
            </Text>
            <ScrollArea.Autosize mah={400} type="auto">
              <Stack gap={6}>{children}</Stack>
            </ScrollArea.Autosize>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** /:locale/admin/data-check: spec 2.19, three cards; each entry links to where it is fixed. */
export function DataCheckPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { current } = useCurrentStudioGroup();
  const check = useDataCheck(current!.uuid, current!.id);
  const loading = check.isFetching || check.isPending;
  const checker: Checker | null = check.data?.CALLCHECKER ?? null;

  const reasonText = (trainer: Checker['unchecked_trainer'][number], reason: Checker['unchecked_trainer'][number]['reasons'][number]) => {
    if (reason === 'incompleteData') return t('trainerAdmin.dataCheck.reasons.incompleteData', { items: trainer.missing.map((item) => t(`trainerAdmin.dataCheck.fields.${item}`)).join(', ') });
    if (reason === 'missingDocument' || reason === 'expiredDocument') return t(`trainerAdmin.dataCheck.reasons.${reason}`, { documents: trainer.documents.join(', ') });
    return t(`trainerAdmin.dataCheck.reasons.${reason}`);
  };

  return (
    <>
      <PageHeader
        title={t('trainerAdmin.dataCheck.title')}
        description={t('trainerAdmin.dataCheck.description')}
        actions={
          <Button variant="default" onClick={() => void check.refetch()} disabled={loading} data-testid="data-check-reload">
            {t('trainerAdmin.dataCheck.reload')}
          </Button>
        }
      />
      {check.isError && !loading ? (
        <Alert color="red" icon={<IconAlert />} role="alert" data-testid="data-check-error">
          {t('trainerAdmin.dataCheck.failed')}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <CheckCard title={t('trainerAdmin.dataCheck.trainerCard')} message={t('trainerAdmin.dataCheck.trainerMessage')} count={checker?.unchecked_trainer.length ?? 0} testId="data-check-trainer" loading={loading}>
            {checker?.unchecked_trainer.map((trainer) => (
              <Stack key={trainer.trainerUuid} gap={0} data-testid="data-check-trainer-entry">
                <Anchor component={Link} to={`/${locale}/admin/trainer/${trainer.id}/edit`} size="sm" fw={600}>
                  {trainer.name}
                </Anchor>
                {trainer.reasons.map((reason) => (
                  <Text key={reason} size="xs" c="dimmed">
                    {reasonText(trainer, reason)}
                  </Text>
                ))}
              </Stack>
            ))}
          </CheckCard>
          <CheckCard title={t('trainerAdmin.dataCheck.rulesCard')} message={t('trainerAdmin.dataCheck.rulesMessage')} count={checker?.class_without_rule.length ?? 0} testId="data-check-rules" loading={loading}>
            {check.data && (
              <Text size="xs" c="dimmed">
                {t('trainerAdmin.dataCheck.month', { month: formatMonth(check.data.month, locale) })} ·{' '}
                {/* Underlined: inside a sentence a link must not be told apart by its colour alone. */}
                <Anchor component={Link} to={`/${locale}/admin/payment-type-rules`} size="xs" underline="always">
                  {t('trainerAdmin.dataCheck.toRules')}
                </Anchor>
              </Text>
            )}
            {checker?.class_without_rule.map((item) => (
              <Stack key={item.id} gap={0} data-testid="data-check-class-entry">
                <Anchor component={Link} to={`/${locale}/admin/payment-type-rules`} size="sm" fw={600}>
                  {item.class}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatDate(item.class_date, locale)} · {item.studio_name}
                  {item.category ? ` · ${item.category}` : ''} · {item.trainer_name ?? t('trainerAdmin.dataCheck.noTrainer')}
                </Text>
              </Stack>
            ))}
          </CheckCard>
          <CheckCard title={t('trainerAdmin.dataCheck.groupCard')} message={t('trainerAdmin.dataCheck.groupMessage')} count={checker?.studio_group.length ?? 0} testId="data-check-group" loading={loading}>
            {checker?.studio_group.map((group) => (
              <Stack key={group.studio_group_name} gap={0} data-testid="data-check-group-entry">
                <Anchor component={Link} to={`/${locale}/admin/settings`} size="sm" fw={600}>
                  {group.studio_group_name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {group.missing.map((item) => t(`trainerAdmin.dataCheck.groupFields.${item}`)).join(', ')}
                </Text>
              </Stack>
            ))}
          </CheckCard>
        </SimpleGrid>
      )}
    </>
  );
}
