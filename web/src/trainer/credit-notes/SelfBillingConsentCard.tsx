import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client';
import { IconAlert } from '../../shared/components/icons';
import { formatDate } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { useGiveSelfBillingConsent, useSelfBillingConsent } from './api';

/**
 * The trainer's prior consent to self-billing for this studio group (§14 (2) UStG): the text and a
 * button; once given, who gave it and when. Without it no credit note is issued to the trainer.
 */
export function SelfBillingConsentCard({ studioGroupUuid, company }: { studioGroupUuid: string; company: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const consent = useSelfBillingConsent(studioGroupUuid);
  const give = useGiveSelfBillingConsent(studioGroupUuid);

  return (
    <Card mb="lg" data-testid="self-billing-consent" data-consented={consent.data?.consented ? 'true' : 'false'}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('creditNoteList.consent.title')}
        </Title>
        <Text size="sm">{t('creditNoteList.consent.text', { company })}</Text>
        {consent.isPending && <Skeleton h={32} w={200} />}
        {consent.isError && (
          <Alert color="red" icon={<IconAlert />}>
            {errorMessage(consent.error)}
          </Alert>
        )}
        {consent.data?.consented && consent.data.consentAt && (
          <Alert color="green" variant="light" data-testid="self-billing-consent-given">
            {t('creditNoteList.consent.given', { date: formatDate(consent.data.consentAt, locale), name: consent.data.consentBy?.name ?? '' })}
          </Alert>
        )}
        {consent.data && !consent.data.consented && (
          <Group justify="space-between" align="center">
            <Text size="sm" c="orange">
              {t('creditNoteList.consent.missing')}
            </Text>
            <Button
              loading={give.isPending}
              data-testid="self-billing-consent-give"
              onClick={() =>
                give.mutate(undefined, {
                  onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message, withBorder: true, autoClose: 4000 }),
                  onError: (error) => notifications.show({ color: 'red', message: errorMessage(error), withBorder: true, autoClose: 4000 }),
                })
              }
            >
              {t('creditNoteList.consent.give')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
