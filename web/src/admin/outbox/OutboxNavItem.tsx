import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavItem } from '../../shared/components/NavItem';
import { useLocale } from '../../shared/hooks/use-locale';
import { IconMail } from './icons';

/** The sidebar's 'Outbox' entry; it sits below the month-close section, whose e-mails it lists. */
export function OutboxNavItem({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack gap={4} mt={4}>
      <NavItem to={`/${locale}/admin/outbox`} label={t('outbox.nav.outbox')} icon={<IconMail />} testId="nav-outbox" onNavigate={onNavigate} />
    </Stack>
  );
}
