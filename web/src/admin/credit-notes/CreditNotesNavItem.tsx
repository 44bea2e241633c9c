import { useTranslation } from 'react-i18next';
import { NavItem } from '../../shared/components/NavItem';
import { icon } from '../../shared/components/icons';
import { useLocale } from '../../shared/hooks/use-locale';

const IconFileEuro = icon(
  <>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5" />
    <path d="M14.5 12.5a3 3 0 1 0 0 4M9.5 13.5h4M9.5 15.5h4" />
  </>,
);

/** The sidebar entry of the credit-note list (spec 2.22). */
export function CreditNotesNavItem({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <NavItem to={`/${locale}/admin/credit-notes`} label={t('creditNoteList.nav')} icon={<IconFileEuro />} testId="nav-credit-notes" onNavigate={onNavigate} />
  );
}
