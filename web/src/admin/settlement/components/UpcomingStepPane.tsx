import { Alert, Card, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconInfo } from '../../../shared/components/icons';

export type UpcomingStepKey = 'sendPreview' | 'reviewFeedback' | 'createCreditNotes' | 'summary';

/**
 * Steps 3–6 of the wizard come with the next stages of the month close. Their panes say so and
 * what the step will do, instead of offering buttons that would do nothing.
 */
export function UpcomingStepPane({ step, waiting }: { step: UpcomingStepKey; waiting: boolean }) {
  const { t } = useTranslation();
  const points = t(`settlement.upcoming.${step}.points`, { returnObjects: true });
  return (
    <Card data-testid={`upcoming-step-${step}`}>
      <Stack gap="md">
        <Title order={3} fz="lg">
          {t(`settlement.upcoming.${step}.title`)}
        </Title>
        <Alert color="blue" icon={<IconInfo />} variant="light" data-testid="upcoming-step-note">
          {t('settlement.upcoming.note')}
          {waiting && ` ${t('settlement.upcoming.waiting')}`}
        </Alert>
        <Text size="sm">{t(`settlement.upcoming.${step}.text`)}</Text>
        {Array.isArray(points) && (
          <List size="sm" spacing={4}>
            {points.map((point) => (
              <List.Item key={String(point)}>{String(point)}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}
