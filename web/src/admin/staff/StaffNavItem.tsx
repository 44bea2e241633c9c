import { useTranslation } from 'react-i18next';
import { NavItem } from '../../shared/components/NavItem';
import { icon } from '../../shared/components/icons';
import { useLocale } from '../../shared/hooks/use-locale';

const IconTeam = icon(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
  </>,
);

/** The sidebar's 'Team' entry: the group's staff (an accountant sees it read-only). */
export function StaffNavItem({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return <NavItem to={`/${locale}/admin/staff`} label={t('staff.nav')} icon={<IconTeam />} testId="nav-staff" onNavigate={onNavigate} />;
}
