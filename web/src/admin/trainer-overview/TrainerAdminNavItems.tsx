import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavItem } from '../../shared/components/NavItem';
import { icon } from '../../shared/components/icons';
import { useLocale } from '../../shared/hooks/use-locale';

const IconUsers = icon(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6 6 0 0 1 3.5 5.5" />
  </>,
);
const IconShieldCheck = icon(
  <>
    <path d="M12 3 4.5 6v5.5c0 4.5 3.2 8.3 7.5 9.5 4.3-1.2 7.5-5 7.5-9.5V6z" />
    <path d="m8.5 12 2.5 2.5 4.5-5" />
  </>,
);

/** The sidebar entries of the trainer overview (spec 2.20) and the data check (2.19). */
export function TrainerAdminNavItems({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack gap={4}>
      <NavItem to={`/${locale}/admin/trainer-overview`} label={t('trainerAdmin.nav.overview')} icon={<IconUsers />} testId="nav-trainer-overview" onNavigate={onNavigate} />
      <NavItem to={`/${locale}/admin/data-check`} label={t('trainerAdmin.nav.dataCheck')} icon={<IconShieldCheck />} testId="nav-data-check" onNavigate={onNavigate} />
    </Stack>
  );
}
