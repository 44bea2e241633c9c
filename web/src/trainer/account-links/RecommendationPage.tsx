import { Accordion, Alert, Anchor, Button, Card, Code, Group, List, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import '../../shared/mantine-styles-app'; // the UI kit's CSS beyond the trainer portal's first screen
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client';
import { useRecommendation } from '../../shared/account-links/api';
import { DelayedLoader } from '../../shared/components/DelayedLoader';
import { IconGift, IconInfo } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { useLocale } from '../../shared/hooks/use-locale';

/** The copy toast shows for 1.8 s (trainer spec 9). */
export const COPY_TOAST_MS = 1800;

type Step = { title: string; text: string };
type Question = { q: string; a: string };

/**
 * /:locale/trainer/recommendation (trainer spec 2 "Referral page"): the personal code with copy
 * ('Code kopiert') and share-by-e-mail, three steps, FAQ and terms with the reward rules. After the
 * campaign's last day (configuration) the page says the programme has ended instead of promising a voucher.
 */
export function RecommendationPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const recommendation = useRecommendation();
  const formatDate = (iso: string) => new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

  if (recommendation.isPending) return <DelayedLoader />;
  if (recommendation.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(recommendation.error)}
      </Alert>
    );
  }
  const { recommendationCode: code, campaignEndsOn, campaignActive } = recommendation.data;
  const date = formatDate(campaignEndsOn);
  const steps = t('accountLinks.recommendation.steps', { returnObjects: true }) as unknown as Step[];
  const faq = t('accountLinks.recommendation.faq', { returnObjects: true }) as unknown as Question[];
  const terms = t('accountLinks.recommendation.terms', { returnObjects: true, date }) as unknown as string[];
  const mailto = `mailto:?subject=${encodeURIComponent(t('accountLinks.recommendation.shareSubject'))}&body=${encodeURIComponent(t('accountLinks.recommendation.shareBody', { code }))}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      notifications.show({ color: 'green', message: t('accountLinks.recommendation.copied'), autoClose: COPY_TOAST_MS });
    } catch {
      // Trainer spec 8: a German alert asking to mark the code by hand.
      window.alert(t('accountLinks.recommendation.copyFailed'));
    }
  };

  return (
    <>
      <PageHeader title={t('accountLinks.recommendation.title')} description={t('accountLinks.recommendation.intro')} />
      <Stack gap="lg">
        <Card data-testid="recommendation-code-card">
          <Group justify="space-between" wrap="wrap" gap="md">
            <Group gap="md" wrap="nowrap">
              <ThemeIcon size={44} radius="xl" variant="light">
                <IconGift size={22} />
              </ThemeIcon>
              <Stack gap={2}>
                <Text size="sm" c="dimmed">
                  {t('accountLinks.recommendation.codeLabel')}
                </Text>
                <Code fz={24} fw={700} data-testid="recommendation-code">
                  {code}
                </Code>
              </Stack>
            </Group>
            <Group gap="sm">
              <Button onClick={() => void copy()} data-testid="recommendation-copy">
                {t('accountLinks.recommendation.copy')}
              </Button>
              <Button component="a" href={mailto} variant="light" data-testid="recommendation-share">
                {t('accountLinks.recommendation.share')}
              </Button>
            </Group>
          </Group>
          <Alert mt="md" color={campaignActive ? 'blue' : 'gray'} icon={<IconInfo />} data-testid={campaignActive ? 'recommendation-active' : 'recommendation-ended'}>
            {campaignActive ? t('accountLinks.recommendation.activeUntil', { date }) : t('accountLinks.recommendation.ended', { date })}
          </Alert>
        </Card>

        {campaignActive && (
        <Card>
          <Title order={3} mb="md">
            {t('accountLinks.recommendation.stepsTitle')}
          </Title>
          <Timeline active={steps.length - 1} bulletSize={28} data-testid="recommendation-steps">
            {steps.map((step, index) => (
              <Timeline.Item key={step.title} bullet={index + 1} title={step.title}>
                <Text size="sm" c="dimmed">
                  {step.text}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Card>
        )}

        <Card>
          <Title order={3} mb="sm">
            {t('accountLinks.recommendation.faqTitle')}
          </Title>
          <Accordion variant="separated" data-testid="recommendation-faq">
            {faq.map((item) => (
              <Accordion.Item key={item.q} value={item.q}>
                <Accordion.Control>{item.q}</Accordion.Control>
                <Accordion.Panel>{item.a}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Card>

        <Card data-testid="recommendation-terms">
          <Title order={3} mb="sm">
            {t('accountLinks.recommendation.termsTitle')}
          </Title>
          <List size="sm" spacing="xs">
            {terms.map((term) => (
              <List.Item key={term}>{term}</List.Item>
            ))}
          </List>
          <Anchor href={mailto} size="sm" mt="sm" display="inline-block">
            {t('accountLinks.recommendation.share')}
          </Anchor>
        </Card>
      </Stack>
    </>
  );
}
