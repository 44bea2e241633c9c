import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../hooks/use-locale';
import { payoutStatusColor, payoutStatusLabel, type PayoutStatusView } from './payout-status';

/** A payout's status as one badge (open / paid on … / returned: reason / rejected: reason / paid again on …). */
export function PayoutStatusBadge({ payout, size = 'sm' }: { payout: PayoutStatusView; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Badge
      color={payoutStatusColor(payout)}
      variant="light"
      size={size}
      tt="none"
      maw="100%"
      // A reason can be long ('returned: the account holder's name or address is missing'): it wraps, never cut off.
      styles={{ root: { height: 'auto', paddingBlock: 2 }, label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' } }}
      data-testid="payout-status"
      data-status={payout.repayment ? `repaid-${payout.repayment.status}` : payout.status}
    >
      {payoutStatusLabel(t, locale, payout)}
    </Badge>
  );
}
