import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavItem } from '../../shared/components/NavItem';
import { useLocale } from '../../shared/hooks/use-locale';
import { useSession } from '../../shared/session';
import { IconReceipt, IconWorkflow } from './icons';

/** The sidebar's month-close section: settlements for staff, the workflows page for platform operators too. */
export function SettlementNavSection({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const session = useSession();
  return (
    <>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mt="lg" mb={6} style={{ letterSpacing: '0.06em' }}>
        {t('settlement.nav.section')}
      </Text>
      <Stack gap={4}>
        <NavItem
          to={`/${locale}/admin/settlements`}
          label={t('settlement.nav.settlements')}
          icon={<IconReceipt />}
          testId="nav-settlements"
          onNavigate={onNavigate}
        />
        {session?.role === 'operator' && (
          <NavItem
            to={`/${locale}/admin/workflows`}
            end={false}
            label={t('settlement.nav.workflows')}
            icon={<IconWorkflow />}
            testId="nav-workflows"
            onNavigate={onNavigate}
          />
        )}
      </Stack>
    </>
  );
}
