import { useTranslation } from 'react-i18next';
import { NavItem } from '../../shared/components/NavItem';
import { icon } from '../../shared/components/icons';
import { useLocale } from '../../shared/hooks/use-locale';

const IconBankCheck = icon(
  <>
    <path d="M3 10h18M5 10v7M9 10v7M13 10v3M3 20h10M12 3l9 5H3z" />
    <path d="M15 18l2 2 4-4" />
  </>,
);

/** The sidebar entry of the Payouts screen: what the bank did with each credit note's payment. */
export function PayoutsNavItem({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return <NavItem to={`/${locale}/admin/payouts`} label={t('payouts.nav')} icon={<IconBankCheck />} testId="nav-payouts" onNavigate={onNavigate} />;
}
