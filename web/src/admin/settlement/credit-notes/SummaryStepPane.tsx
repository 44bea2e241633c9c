import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../shared/hooks/use-locale';
import type { WizardStepProps } from '../wizard/wizard-types';

/** Step 6 'Summary' of the wizard (spec 2.2): the settlement summary page (spec 2.12) is where it lives. */
export function SummaryStepPane({ settlementUuid, settlement }: WizardStepProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const runs = settlement?.settlementRuns.length ?? 0;
  return (
    <Card data-testid="wizard-summary-pane">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {t('creditNoteStep.summaryPane.title')}
        </Title>
        <Text size="sm" c="dimmed" maw={680}>
          {t('creditNoteStep.summaryPane.text', { count: runs })}
        </Text>
        <Group>
          <Button component={Link} to={`/${locale}/admin/settlement/${settlementUuid}`} data-testid="wizard-open-summary">
            {t('creditNoteStep.summaryPane.open')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
