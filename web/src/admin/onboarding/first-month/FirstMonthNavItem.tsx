import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavItem } from '../../../shared/components/NavItem';
import { icon } from '../../../shared/components/icons';
import { useLocale } from '../../../shared/hooks/use-locale';
import { useCurrentStudioGroup } from '../../shared/current-studio-group';
import { useFirstMonthChecklist } from './api';

const IconChecklist = icon(
  <>
    <path d="M9 6h11M9 12h11M9 18h11" />
    <path d="m3 6 1.5 1.5L7 5M3 12l1.5 1.5L7 11M3 18l1.5 1.5L7 17" />
  </>,
);

/** The sidebar entry "First month", shown while the checklist is not complete and no settlement is closed (decision 0135). */
export function FirstMonthNavItem({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { current } = useCurrentStudioGroup();
  const checklist = useFirstMonthChecklist(current?.uuid);
  if (!checklist.data?.showInNavigation) return null;
  return (
    <Box mb="md">
      <NavItem to={`/${locale}/admin/first-month`} label={t('firstMonth.nav')} icon={<IconChecklist />} testId="nav-first-month" onNavigate={onNavigate} />
    </Box>
  );
}
