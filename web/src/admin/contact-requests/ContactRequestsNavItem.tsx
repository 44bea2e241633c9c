import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconMail } from '../outbox/icons';
import { NavItem } from '../../shared/components/NavItem';
import { useLocale } from '../../shared/hooks/use-locale';
import { useSession } from '../../shared/session';

/** The operators' entry to the public site's contact requests (staff of a studio group do not see them). */
export function ContactRequestsNavItem({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const session = useSession();
  if (session?.role !== 'operator') return null;
  return (
    <Stack gap={4} mt={4}>
      <NavItem to={`/${locale}/admin/contact-requests`} label={t('contactRequests.nav')} icon={<IconMail />} testId="nav-contact-requests" onNavigate={onNavigate} />
    </Stack>
  );
}
