// The small-business limits of §19 UStG (Kleinunternehmerregelung) that a trainer billed without
// VAT must stay within, watched across every studio group of the platform.
//
// Legal source: §19 Abs. 1 UStG as amended by the Jahressteuergesetz 2024 (BGBl. 2024 I Nr. 387),
// in force from 1 January 2025: a business is a small business if its total turnover (Gesamtumsatz,
// net: a small business charges no VAT) was at most 25,000 € in the previous calendar year and does
// not exceed 100,000 € in the current calendar year. Passing 100,000 € in the current year ends the
// status at once, from the turnover that passes it — so that billing is the one the admin must
// confirm. The figures are configuration: change them here when the law changes.
export const SMALL_BUSINESS_LIMITS = {
  /** First calendar year these limits apply to. */
  since: 2025,
  /** Previous calendar year's turnover: at most 25,000 € (§19 Abs. 1 Satz 1 UStG). */
  previousYearCents: 2_500_000,
  /** Current calendar year's turnover: at most 100,000 € (§19 Abs. 1 Satz 1 UStG). */
  currentYearCents: 10_000_000,
  /** Warn from this share of a limit on. */
  nearPercent: 80,
} as const;

export type SmallBusinessLimits = { previousYearCents: number; currentYearCents: number; nearPercent: number };
export type SmallBusinessLevel = 'ok' | 'near' | 'passed';
export type SmallBusinessThreshold = 'previous_year_near' | 'previous_year_passed' | 'current_year_near' | 'current_year_passed';

/** ok below the near share, near from it (inclusive), passed above the limit ("at most" the limit is still within). */
export function limitLevel(turnoverCents: number, limitCents: number, nearPercent: number): SmallBusinessLevel {
  if (turnoverCents > limitCents) return 'passed';
  if (turnoverCents * 100 >= limitCents * nearPercent) return 'near';
  return 'ok';
}

export type SmallBusinessCheck = {
  previousYearCents: number;
  /** The current year's turnover including what is about to be billed. */
  currentYearCents: number;
  previousYear: SmallBusinessLevel;
  currentYear: SmallBusinessLevel;
  /** Billing this without VAT passes the current year's limit: the admin must confirm it. */
  blocking: boolean;
};

/**
 * The limits for one trainer: what was billed in the previous and the current year (net, every
 * studio group), plus `pendingCents` about to be billed now.
 */
export function smallBusinessCheck(
  { previousYearCents, currentYearCents, pendingCents = 0 }: { previousYearCents: number; currentYearCents: number; pendingCents?: number },
  limits: SmallBusinessLimits = SMALL_BUSINESS_LIMITS,
): SmallBusinessCheck {
  const current = currentYearCents + pendingCents;
  const currentYear = limitLevel(current, limits.currentYearCents, limits.nearPercent);
  return {
    previousYearCents,
    currentYearCents: current,
    previousYear: limitLevel(previousYearCents, limits.previousYearCents, limits.nearPercent),
    currentYear,
    blocking: currentYear === 'passed',
  };
}

/** The notices a check calls for: a passed limit implies its 'near' notice (sent or not, it is not sent later). */
export function thresholdsReached(check: Pick<SmallBusinessCheck, 'previousYear' | 'currentYear'>): Array<{ threshold: SmallBusinessThreshold; notify: boolean }> {
  const of = (level: SmallBusinessLevel, near: SmallBusinessThreshold, passed: SmallBusinessThreshold) =>
    level === 'passed' ? [{ threshold: near, notify: false }, { threshold: passed, notify: true }] : level === 'near' ? [{ threshold: near, notify: true }] : [];
  return [...of(check.previousYear, 'previous_year_near', 'previous_year_passed'), ...of(check.currentYear, 'current_year_near', 'current_year_passed')];
}

/** Share of a limit in whole percent, rounded down (what the warning says). */
export const percentOfLimit = (turnoverCents: number, limitCents: number) => Math.floor((turnoverCents * 100) / limitCents);
