import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconGift } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';

/** /:locale/trainer/recommendation: the referral code arrives with the referral API. */
export function RecommendationPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('trainer.recommendation.title')} />
      <Card>
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={44} radius="xl" variant="light">
            <IconGift size={22} />
          </ThemeIcon>
          <Text>{t('trainer.recommendation.text')}</Text>
        </Group>
      </Card>
    </>
  );
}
