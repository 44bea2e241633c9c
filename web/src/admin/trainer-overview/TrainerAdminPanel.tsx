import { Alert, Button, Card, Divider, Group, Stack, Switch, TagsInput, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAdminTrainerDetail } from '../../../../contracts/trainer-overview.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert, IconCheck } from '../../shared/components/icons';
import { formatDate } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { useAdminTrainer, useReviewTrainer, useSaveTrainerSettings } from './api';
import { TrainerMergeSelector } from './TrainerMergeSelector';
import { StateBadge } from './TrainerOverviewPage';

/**
 * The trainer page's staff panel: staff's review of the billing data (approve / reject; our
 * workflowState rule), keywords (trainerFilters) and 'Ist FTE', and the merge selector (spec 2.21).
 * It sits inside the trainer form: its buttons never submit that form.
 */
export function TrainerAdminPanel({ studioGroupUuid, trainerUuid, trainerName }: { studioGroupUuid: string; trainerUuid: string; trainerName: string }) {
  const { t } = useTranslation();
  const trainer = useAdminTrainer(studioGroupUuid, trainerUuid);
  if (trainer.isPending) return null;
  if (!trainer.data) {
    return (
      <Alert color="red" icon={<IconAlert />} data-testid="trainer-admin-error">
        {t('trainerAdmin.panel.loadFailed')}
      </Alert>
    );
  }
  return <PanelBody key={trainer.data.trainerUuid} trainer={trainer.data} studioGroupUuid={studioGroupUuid} trainerName={trainerName} />;
}

function PanelBody({ trainer, studioGroupUuid, trainerName }: { trainer: TAdminTrainerDetail; studioGroupUuid: string; trainerName: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const review = useReviewTrainer(studioGroupUuid, trainer.trainerUuid);
  const save = useSaveTrainerSettings(studioGroupUuid, trainer.trainerUuid);
  const [keywords, setKeywords] = useState<string[]>(trainer.trainerFilters.map((entry) => entry.name));
  const [isEmployee, setIsEmployee] = useState(trainer.isEmployee);
  const [problem, setProblem] = useState<string | null>(null);
  const done = (message: string) => {
    setProblem(null);
    notifications.show({ color: 'green', message, icon: <IconCheck size={16} /> });
  };

  return (
    <Card withBorder data-testid="trainer-admin-panel">
      <Stack gap="md">
        <div>
          <Title order={4}>{t('trainerAdmin.panel.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('trainerAdmin.panel.description')}
          </Text>
        </div>
        <Group justify="space-between" align="center">
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {t('trainerAdmin.panel.state')}
            </Text>
            <StateBadge state={trainer.workflowState} />
            <Text size="xs" c="dimmed" data-testid="trainer-reviewed">
              {trainer.reviewedAt
                ? t('trainerAdmin.panel.reviewedBy', { date: formatDate(trainer.reviewedAt, locale), name: trainer.reviewedBy ?? '-' })
                : t('trainerAdmin.panel.neverReviewed')}
            </Text>
          </Group>
          <Group gap="xs">
            <Button
              type="button"
              color="green"
              variant="light"
              loading={review.isPending && review.variables?.decision === 'approved'}
              onClick={() => review.mutate({ decision: 'approved' }, { onSuccess: (answer) => done(answer.message), onError: (error) => setProblem(errorMessage(error)) })}
              data-testid="trainer-approve"
            >
              {t('trainerAdmin.panel.approve')}
            </Button>
            <Button
              type="button"
              color="red"
              variant="light"
              loading={review.isPending && review.variables?.decision === 'rejected'}
              onClick={() => review.mutate({ decision: 'rejected' }, { onSuccess: (answer) => done(answer.message), onError: (error) => setProblem(errorMessage(error)) })}
              data-testid="trainer-reject"
            >
              {t('trainerAdmin.panel.reject')}
            </Button>
          </Group>
        </Group>
        {trainer.ibanChangePending && trainer.ibanChangedAt && (
          <Alert color="orange" icon={<IconAlert />} data-testid="trainer-iban-pending">
            {t('trainerAdmin.panel.ibanPending', { date: formatDate(trainer.ibanChangedAt, locale) })}
          </Alert>
        )}
        <Divider />
        <Switch
          label={t('trainerAdmin.panel.isEmployee')}
          description={t('trainerAdmin.panel.isEmployeeHint')}
          checked={isEmployee}
          onChange={(event) => setIsEmployee(event.currentTarget.checked)}
          data-testid="trainer-is-employee"
        />
        <TagsInput
          label={t('trainerAdmin.panel.keywords')}
          description={t('trainerAdmin.panel.keywordsHint')}
          placeholder={t('trainerAdmin.panel.keywordsPlaceholder')}
          value={keywords}
          onChange={setKeywords}
          maxTags={30}
          maxLength={40}
          clearable
          onKeyDown={(event) => {
            // Enter with text adds a keyword (the input prevents the submit itself); on an empty input
            // it must not submit the trainer form around this panel either.
            if (event.key === 'Enter' && event.currentTarget.value.trim() === '') event.preventDefault();
          }}
          data-testid="trainer-keywords"
        />
        {problem && (
          <Text size="sm" c="red" role="alert" data-testid="trainer-admin-problem">
            {problem}
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            type="button"
            variant="light"
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { isEmployee, trainerFilters: keywords.map((name) => ({ name })) },
                {
                  onSuccess: (answer) => {
                    setKeywords(answer.trainer.trainerFilters.map((entry) => entry.name));
                    done(answer.message);
                  },
                  onError: (error) => setProblem(errorMessage(error)),
                },
              )
            }
            data-testid="trainer-admin-save"
          >
            {t('trainerAdmin.panel.save')}
          </Button>
        </Group>
        <Divider />
        <div>
          <Title order={5}>{t('trainerAdmin.merge.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('trainerAdmin.merge.description')}
          </Text>
        </div>
        <TrainerMergeSelector studioGroupUuid={studioGroupUuid} trainerUuid={trainer.trainerUuid} trainerName={trainerName} />
      </Stack>
    </Card>
  );
}
