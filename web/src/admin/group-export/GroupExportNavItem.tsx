import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavItem } from '../../shared/components/NavItem';
import { useLocale } from '../../shared/hooks/use-locale';
import { IconArchive } from './icons';

/** The sidebar's 'Export all data' entry, below the master data it exports with everything else. */
export function GroupExportNavItem({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack gap={4} mt={4}>
      <NavItem to={`/${locale}/admin/export`} label={t('groupExport.nav.export')} icon={<IconArchive />} testId="nav-group-export" onNavigate={onNavigate} />
    </Stack>
  );
}
