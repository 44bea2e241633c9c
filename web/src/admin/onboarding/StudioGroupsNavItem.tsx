import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconStudio } from '../master-data/icons';
import { NavItem } from '../../shared/components/NavItem';
import { useLocale } from '../../shared/hooks/use-locale';
import { useSession } from '../../shared/session';

/** The operators' entry to onboarding (staff of a studio group do not see it). */
export function StudioGroupsNavItem({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const session = useSession();
  if (session?.role !== 'operator') return null;
  return (
    <Stack gap={4} mt={4}>
      <NavItem to={`/${locale}/admin/studio-groups`} label={t('onboarding.nav')} icon={<IconStudio />} testId="nav-studio-groups" onNavigate={onNavigate} />
    </Stack>
  );
}
