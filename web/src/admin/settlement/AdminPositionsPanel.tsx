import { Alert, Button, Card, CloseButton, Grid, Group, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStudioGroupRef } from '../../../../contracts/auth.contract';
import { ADMIN_POSITION_KINDS, type TAdminPositionKind } from '../../../../contracts/settlement.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert } from '../../shared/components/icons';
import { formatMoney } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { useAddAdminPosition, useAdminPositions, useDeleteAdminPosition } from './api';
import { euroToCents } from './euro-to-cents';

/**
 * Manual lines of one trainer in this settlement (DESIGN: admin positions, shown as 'Administration'
 * rows): a bonus, a deduction or travel costs. Saving prepares the trainer's lines again, so the
 * preview and the grid show the new totals.
 */
export function AdminPositionsPanel({ group, settlementUuid, trainerUuid, trainerName }: { group: TStudioGroupRef; settlementUuid: string; trainerUuid: string; trainerName: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const positions = useAdminPositions(group, settlementUuid, trainerUuid);
  const add = useAddAdminPosition(group, settlementUuid);
  const remove = useDeleteAdminPosition(group, settlementUuid);
  const [kind, setKind] = useState<TAdminPositionKind>('bonus');
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState<number | string>('');
  const [touched, setTouched] = useState(false);

  const cents = amount === '' ? null : euroToCents(amount);
  // A deduction is stored negative whatever sign was typed.
  const signedCents = cents === null ? null : kind === 'deduction' ? -Math.abs(cents) : Math.abs(cents);
  const descriptionError = touched && !description.trim() ? t('settlement.adminPositions.descriptionRequired') : null;
  const amountError = touched && (signedCents === null || signedCents === 0) ? t('settlement.adminPositions.amountRequired') : null;

  const onAdd = () => {
    setTouched(true);
    if (!description.trim() || signedCents === null || signedCents === 0) return;
    add.mutate(
      { trainerUuid, kind, description: description.trim(), netCents: signedCents },
      {
        onSuccess: () => {
          setDescription('');
          setAmount('');
          setTouched(false);
        },
      },
    );
  };

  return (
    <Card data-testid="admin-positions">
      <Title order={4} fz="md" mb={4}>
        {t('settlement.adminPositions.title')}
      </Title>
      <Text size="xs" c="dimmed" mb="md">
        {t('settlement.adminPositions.hint', { trainer: trainerName })}
      </Text>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap={6}>
            {positions.data?.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('settlement.adminPositions.empty')}
              </Text>
            )}
            {positions.data?.map((position) => (
              <Group
                key={position.uuid}
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                pb={6}
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                data-testid="admin-position"
              >
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" truncate>
                    {position.description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`settlement.adminPositions.kinds.${position.kind}`)}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Text size="sm" ff="monospace" c={position.netCents < 0 ? 'red.7' : undefined}>
                    {formatMoney(position.netCents)}
                  </Text>
                  <CloseButton
                    size="sm"
                    aria-label={t('settlement.adminPositions.remove')}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(position.uuid)}
                  />
                </Group>
              </Group>
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <Select
              w={150}
              label={t('settlement.adminPositions.kind')}
              value={kind}
              allowDeselect={false}
              onChange={(value) => setKind((value ?? 'bonus') as TAdminPositionKind)}
              data={ADMIN_POSITION_KINDS.map((value) => ({ value, label: t(`settlement.adminPositions.kinds.${value}`) }))}
            />
            <TextInput
              style={{ flex: 1, minWidth: 140 }}
              label={t('settlement.adminPositions.description')}
              value={description}
              maxLength={255}
              onChange={(event) => setDescription(event.currentTarget.value)}
              error={descriptionError}
              data-testid="admin-position-description"
            />
            <NumberInput
              w={140}
              label={t('settlement.adminPositions.amount')}
              value={amount}
              onChange={setAmount}
              decimalScale={2}
              allowNegative={false}
              decimalSeparator={locale === 'de' ? ',' : '.'}
              thousandSeparator={locale === 'de' ? '.' : ','}
              suffix=" €"
              hideControls
              error={amountError}
              data-testid="admin-position-amount"
            />
            <Button mt={25} style={{ flexShrink: 0 }} onClick={onAdd} loading={add.isPending} variant="light" data-testid="admin-position-add">
              {t('settlement.adminPositions.add')}
            </Button>
          </Group>
          {(add.isError || remove.isError) && (
            <Alert mt="sm" color="red" icon={<IconAlert />} py="xs" role="alert">
              {errorMessage(add.error ?? remove.error)}
            </Alert>
          )}
        </Grid.Col>
      </Grid>
    </Card>
  );
}
