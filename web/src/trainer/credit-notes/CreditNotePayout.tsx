import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TPayoutSummary } from '../../../../contracts/payouts.contract';
import { formatDate } from '../../shared/dates';
import { useLocale } from '../../shared/hooks/use-locale';
import { payoutReason } from '../../shared/payouts/payout-status';

/**
 * What became of a credit note's payment, beside the credit note: 'paid on …', or what the bank
 * said when it sent the money back (in plain words) with a hint to check the IBAN, since a wrong or
 * closed account is the usual cause and the next payment goes where the profile says.
 */
export function CreditNotePayout({ payout }: { payout: TPayoutSummary | null | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!payout || payout.status === 'open') return null;
  if (payout.status === 'paid') {
    return (
      <Text size="sm" c="green.9" data-testid="credit-note-payout" data-status="paid">
        {payout.paidOn ? t('payoutStatus.trainer.paidOn', { date: formatDate(payout.paidOn, locale) }) : t('payoutStatus.paid')}
      </Text>
    );
  }
  const reason = payoutReason(t, { reasonText: payout.reason });
  if (payout.repaidBy) {
    return (
      <Text size="sm" c={payout.repaidBy.status === 'paid' ? 'green.9' : 'orange.9'} data-testid="credit-note-payout" data-status={`repaid-${payout.repaidBy.status}`}>
        {payout.repaidBy.status === 'paid' ? t('payoutStatus.trainer.repaid') : t('payoutStatus.trainer.repaying')}
      </Text>
    );
  }
  return (
    <Stack gap={2} data-testid="credit-note-payout" data-status={payout.status}>
      <Text size="sm" c="red.8" fw={600}>
        {payout.status === 'returned' ? t('payoutStatus.trainer.returned', { reason }) : t('payoutStatus.trainer.rejected', { reason })}
      </Text>
      <Anchor component={Link} to={`/${locale}/trainer/profile?tab=bank`} size="xs" data-testid="credit-note-payout-bank-data">
        {t('payoutStatus.trainer.bankData')}
      </Anchor>
    </Stack>
  );
}
