export {
  assertCents,
  BASIS_POINTS_PER_UNIT,
  centsToEuros,
  eurosToCents,
  formatEuro,
  mulDivRoundHalfAwayFromZero,
  sumCents,
  sumTotals,
  vatCents,
  ZERO_TOTALS,
  type MoneyTotals,
} from './money';
