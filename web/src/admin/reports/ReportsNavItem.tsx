import { useTranslation } from 'react-i18next';
import { NavItem } from '../../shared/components/NavItem';
import { icon } from '../../shared/components/icons';
import { useLocale } from '../../shared/hooks/use-locale';

const IconChart = icon(
  <>
    <path d="M4 20h16" />
    <path d="M7 16v-5M12 16V7M17 16v-8" />
  </>,
);

/** The sidebar entry of the reports (spec 2.14). */
export function ReportsNavItem({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return <NavItem to={`/${locale}/admin/reports`} label={t('reports.nav.reports')} icon={<IconChart />} testId="nav-reports" onNavigate={onNavigate} />;
}
