import { useTranslation } from 'react-i18next';
import { NavItem } from '../../shared/components/NavItem';
import { icon } from '../../shared/components/icons';
import { useLocale } from '../../shared/hooks/use-locale';

const IconFileCheck = icon(
  <>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5" />
    <path d="m9 15 2 2 4-4" />
  </>,
);

/** The sidebar entry of the document manager (admin 2.18). */
export function DocumentManagerNavItem({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return <NavItem to={`/${locale}/admin/document-manager`} label={t('documentManager.nav')} icon={<IconFileCheck />} testId="nav-document-manager" onNavigate={onNavigate} />;
}
