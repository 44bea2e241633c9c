import { ActionIcon, Alert, Button, Card, Center, Group, Loader, Menu, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TSettlementIndexItem } from '../../../../contracts/settlement.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { formatEuros, formatMonth, formatSettlementTime } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { useCurrentStudioGroup, useMayChange } from '../shared/current-studio-group';
import { SettlementStatusBadge } from './badges';
import { IconDots, IconPlus } from './icons';
import { useSettlements } from './api';

function SettlementItem({ item }: { item: TSettlementIndexItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // Spec 2.11: the options menu only for a settlement not completed, not archived, with trainers left to bill.
  const showOptions = !item.completed && !item.archived && item.trainers_billable > 0;
  return (
    <Card padding="md" data-testid={`settlement-item-${item.settlementUuid}`}>
      <Group justify="space-between" wrap="nowrap" gap="md" align="center">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="sm">
            <Title order={3} fz="lg" data-testid="settlement-item-month">
              {formatMonth(item.month, locale)}
            </Title>
            <SettlementStatusBadge status={item.status} size="sm" />
          </Group>
          <Text size="sm" c="dimmed">
            {t('settlement.summary.created', { date: formatSettlementTime(item.created_dt, locale), user: item.user_created })}
          </Text>
          {item.sumGross !== null && (
            <Text size="sm">
              {t('settlement.index.sumGross', { amount: formatEuros(item.sumGross) })}
            </Text>
          )}
        </Stack>
        <Group gap="sm" wrap="nowrap">
          <Button component={Link} to={`/${locale}/admin/settlement/${item.settlementUuid}`} variant="light" data-testid="settlement-item-view">
            {t('settlement.index.view')}
          </Button>
          {showOptions && (
            <Menu position="bottom-end" withinPortal shadow="md">
              <Menu.Target>
                <ActionIcon variant="default" size="lg" aria-label={t('settlement.index.options')} data-testid="settlement-item-options">
                  <IconDots />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to={`/${locale}/admin/settlement/wizard/${item.settlementUuid}?step=0`} data-testid="settlement-item-trainers">
                  {t('settlement.index.trainers')}
                </Menu.Item>
                <Menu.Item component={Link} to={`/${locale}/admin/settlement/${item.settlementUuid}/preview-check`} data-testid="settlement-item-preview">
                  {t('settlement.index.preview')}
                </Menu.Item>
                <Menu.Item component={Link} to={`/${locale}/admin/settlement/wizard/${item.settlementUuid}`}>
                  {t('settlement.index.continue')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
    </Card>
  );
}

/** `/:locale/admin/settlements`: the studio group's settlements, newest month first (spec 2.11). */
export function SettlementIndexPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { current } = useCurrentStudioGroup();
  const settlements = useSettlements(current);
  const mayChange = useMayChange();

  return (
    <>
      <PageHeader
        title={t('settlement.index.title')}
        description={t('settlement.index.description')}
        actions={
          mayChange && (
          <>
            <Button component={Link} to={`/${locale}/admin/settlement/v1`} variant="light" data-testid="settlement-new-v1">
              {t('settlementV1.indexButton')}
            </Button>
            <Button component={Link} to={`/${locale}/admin/settlement/wizard/null`} leftSection={<IconPlus />} data-testid="settlement-new">
              {t('settlement.index.new')}
            </Button>
          </>
          )
        }
      />
      {settlements.isPending && (
        <Center mih={240}>
          <Loader type="dots" aria-label={t('common.loading')} />
        </Center>
      )}
      {settlements.isError && (
        <Alert color="red" icon={<IconAlert />} role="alert" data-testid="settlements-error">
          {t('settlement.index.loadError')} {errorMessage(settlements.error)}
        </Alert>
      )}
      {settlements.data && settlements.data.length === 0 && (
        <Card data-testid="settlements-empty">
          <Stack gap="sm" align="flex-start">
            <Text fw={600}>{t('settlement.index.emptyTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('settlement.index.emptyText')}
            </Text>
            {mayChange && (
              <Button component={Link} to={`/${locale}/admin/settlement/wizard/null`} leftSection={<IconPlus />}>
                {t('settlement.index.new')}
              </Button>
            )}
          </Stack>
        </Card>
      )}
      {settlements.data && settlements.data.length > 0 && (
        <Stack gap="sm" data-testid="settlement-list">
          {settlements.data.map((item) => (
            <SettlementItem key={item.settlementUuid} item={item} />
          ))}
        </Stack>
      )}
    </>
  );
}
