import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavItem } from '../../shared/components/NavItem';
import { useLocale } from '../../shared/hooks/use-locale';
import { IconRule, IconSettings, IconStudio, IconTrainers } from './icons';

/** The sidebar's 'Master data' section: trainers, studios, payment type rules and settings. */
export function MasterDataNavSection({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const base = `/${locale}/admin`;
  return (
    <>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mt="lg" mb={6} style={{ letterSpacing: '0.06em' }}>
        {t('masterData.nav.section')}
      </Text>
      <Stack gap={4}>
        <NavItem to={`${base}/trainers`} label={t('masterData.nav.trainers')} icon={<IconTrainers />} testId="nav-trainers" onNavigate={onNavigate} />
        <NavItem to={`${base}/studios`} label={t('masterData.nav.studios')} icon={<IconStudio />} testId="nav-studios" onNavigate={onNavigate} />
        <NavItem
          to={`${base}/payment-type-rules`}
          label={t('masterData.nav.paymentTypeRules')}
          icon={<IconRule />}
          testId="nav-payment-type-rules"
          onNavigate={onNavigate}
        />
        <NavItem to={`${base}/settings`} label={t('masterData.nav.settings')} icon={<IconSettings />} testId="nav-settings" onNavigate={onNavigate} />
      </Stack>
    </>
  );
}
