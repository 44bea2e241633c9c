import { useTranslation } from 'react-i18next';
import { NavItem } from '../../shared/components/NavItem';
import { icon } from '../../shared/components/icons';
import { useLocale } from '../../shared/hooks/use-locale';

const IconFile = icon(
  <>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5M9 13h6M9 17h6" />
  </>,
);

/** The sidebar entry of 'My documents' (trainer portal 2): every connected studio group's documents. */
export function MyDocumentsNavItem({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return <NavItem to={`/${locale}/trainer/documents`} label={t('trainerDocuments.nav')} icon={<IconFile />} testId="nav-documents" onNavigate={onNavigate} />;
}
