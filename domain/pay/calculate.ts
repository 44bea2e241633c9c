import { assertCents, mulDivRoundHalfAwayFromZero, sumTotals, vatCents, type MoneyTotals } from '../money/money';
import { adminPositionHash, classHash } from './class-hash';
import {
  classStartMillis,
  createBerlinDateResolver,
  createRuleIndex,
  ruleTermsOf,
  type BookedSlotMode,
  type BookedSlotTier,
  type ClassFacts,
  type PaymentRuleKind,
  type PaymentTypeRuleInput,
  type RuleIndex,
} from './rules';

// The pay engine: prices each class of a month with its payment type rule, adds the admin positions,
// and computes VAT per line. Deterministic and order-independent: the same inputs in any order give
// the same lines in the same order, so a re-prepared month compares equal line by line.

/** §19 UStG (small business regulation): the note a credit note to a trainer not liable for VAT carries. */
export const VAT_EXEMPTION_NOTE = {
  de: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
  en: 'No VAT is charged under § 19 UStG (small business regulation).',
} as const;

/** The class-name column of an admin position's row (spec: 'Administration' rows). */
export const ADMINISTRATION_LINE_NAME = 'Administration';

export const ADMIN_POSITION_KINDS = ['bonus', 'deduction', 'travel'] as const;
export type AdminPositionKind = (typeof ADMIN_POSITION_KINDS)[number];

/** A manual line per trainer and settlement (mirrors AdminPosition); a deduction is negative. */
export type AdminPositionInput = {
  id: number;
  trainerId: number;
  kind: AdminPositionKind;
  description: string;
  netCents: number;
};

export type TrainerTaxFacts = { id: number; vatLiable: boolean };

/** The rule that priced a line, as it was: stored with the line so an approved month never changes. */
export type PaymentRuleSnapshot = {
  id: number;
  uuid: string | null;
  name: string;
  trainerId: number | null;
  studioId: number | null;
  category: string | null;
  classNameFilter: string | null;
  validFrom: string;
  validTo: string | null;
  kind: PaymentRuleKind;
  flatCents: number | null;
  hourlyCents: number | null;
  bookedSlotMode: BookedSlotMode;
  bookedSlotThreshold: number | null;
  perSlotCents: number | null;
  tiers: BookedSlotTier[] | null;
  fixedBonusCents: number | null;
  minCents: number | null;
  maxCents: number | null;
};

/** How a class's net came about, for the review screens and the audit trail. */
export type ClassPay = {
  /** Flat amount, or hourly rate × duration / 60 (rounded half up to a cent). */
  baseCents: number;
  bookedSlotExtraCents: number;
  /** base + extra before the rule's minimum and maximum. */
  unclampedCents: number;
  clampedTo: 'min' | 'max' | null;
  netCents: number;
};

type LineAmounts = { netCents: number; vatRateBasisPoints: number; vatCents: number; grossCents: number };

export type ClassSettlementLine = LineAmounts & {
  kind: 'class';
  classHash: string;
  className: string;
  /** The class facts the line was priced from. */
  class: ClassFacts;
  /** Europe/Berlin date of the class start (YYYY-MM-DD), the date the rule was chosen for. */
  classDate: string;
  rule: PaymentRuleSnapshot;
  pay: ClassPay;
};

export type AdminSettlementLine = LineAmounts & {
  kind: 'admin';
  classHash: string;
  className: typeof ADMINISTRATION_LINE_NAME;
  description: string;
  adminPositionId: number;
  adminPositionKind: AdminPositionKind;
};

export type SettlementLineResult = ClassSettlementLine | AdminSettlementLine;

export type TrainerSettlement = {
  trainerId: number;
  vatLiable: boolean;
  /** The rate applied to every line: 0 when the trainer is not liable for VAT. */
  vatRateBasisPoints: number;
  /** Not liable for VAT: the credit note carries VAT_EXEMPTION_NOTE instead of VAT. */
  vatExempt: boolean;
  /** Class lines by start, then admin lines by id. */
  lines: SettlementLineResult[];
  /** The sums of the lines, each column on its own. */
  totals: MoneyTotals;
};

/** Classes the data check reports; none of them is paid until fixed. */
export type ClassCheck = {
  withoutTrainer: ClassFacts[];
  /** A main trainer and at least one other: paid to nobody until the others are removed. */
  withSeveralTrainers: ClassFacts[];
  /** No payment type rule matches (checked for the main trainer where there is one). */
  withoutRule: ClassFacts[];
};

export type TrainerSettlementInput = {
  trainer: TrainerTaxFacts;
  /** The standard rate, e.g. 1900 for 19 %. */
  vatRateBasisPoints: number;
  /** May hold other trainers' classes too: only this trainer's payable classes are priced. */
  classes: readonly ClassFacts[];
  rules: readonly PaymentTypeRuleInput[];
  /** May hold other trainers' positions too: only this trainer's become lines. */
  adminPositions: readonly AdminPositionInput[];
};

export type SettlementInput = {
  trainers: readonly TrainerTaxFacts[];
  classes: readonly ClassFacts[];
  rules: readonly PaymentTypeRuleInput[];
  vatRateBasisPoints: number;
  adminPositions: readonly AdminPositionInput[];
};

export type SettlementResult = {
  /** One entry per given trainer, by trainer id (also those with no lines). */
  trainers: TrainerSettlement[];
  /** The data check over all given classes. */
  check: ClassCheck;
  /** The sums of the trainer totals. */
  totals: MoneyTotals;
};

// --- one class -----------------------------------------------------------------------------------

const orZero = (value: number | null | undefined) => value ?? 0;

function bookedSlotExtraCents(rule: PaymentTypeRuleInput, bookedSlots: number): number {
  const threshold = orZero(rule.bookedSlotThreshold);
  switch (rule.bookedSlotMode) {
    case 'none':
      return 0;
    case 'per_slot':
      return orZero(rule.perSlotCents) * Math.max(0, bookedSlots - threshold);
    case 'tiers': {
      // The highest tier reached, whatever order the tiers were entered in.
      let reached: BookedSlotTier | null = null;
      for (const tier of rule.tiers ?? []) {
        if (tier.fromBookedSlots <= bookedSlots && (reached === null || tier.fromBookedSlots > reached.fromBookedSlots)) reached = tier;
      }
      return reached?.bonusCents ?? 0;
    }
    case 'fixed_bonus':
      return bookedSlots >= threshold ? orZero(rule.fixedBonusCents) : 0;
  }
}

/** The net pay of one class under `rule` (which `paymentRuleProblems` accepts). */
export function classPay(rule: PaymentTypeRuleInput, facts: Pick<ClassFacts, 'durationMinutes' | 'bookedSlots'>): ClassPay {
  const baseCents = rule.kind === 'flat' ? orZero(rule.flatCents) : mulDivRoundHalfAwayFromZero(orZero(rule.hourlyCents), facts.durationMinutes, 60);
  const extraCents = bookedSlotExtraCents(rule, facts.bookedSlots);
  const unclampedCents = baseCents + extraCents;
  let netCents = unclampedCents;
  let clampedTo: ClassPay['clampedTo'] = null;
  if (rule.minCents !== null && rule.minCents !== undefined && netCents < rule.minCents) {
    netCents = rule.minCents;
    clampedTo = 'min';
  }
  if (rule.maxCents !== null && rule.maxCents !== undefined && netCents > rule.maxCents) {
    netCents = rule.maxCents;
    clampedTo = 'max';
  }
  assertCents(netCents, 'class pay');
  return { baseCents, bookedSlotExtraCents: extraCents, unclampedCents, clampedTo, netCents };
}

/** A rule's fields as plain JSON data (unset → null), frozen: one snapshot object per rule and run. */
export function snapshotRule(rule: PaymentTypeRuleInput): PaymentRuleSnapshot {
  const tiers = rule.tiers ? rule.tiers.map((tier) => Object.freeze({ fromBookedSlots: tier.fromBookedSlots, bonusCents: tier.bonusCents })) : null;
  return Object.freeze({
    id: rule.id,
    uuid: rule.uuid ?? null,
    name: rule.name,
    trainerId: rule.trainerId ?? null,
    studioId: rule.studioId ?? null,
    ...ruleTermsOf(rule, tiers ? (Object.freeze(tiers) as BookedSlotTier[]) : null),
  });
}

function amounts(netCents: number, vatRateBasisPoints: number): LineAmounts {
  const vat = vatCents(netCents, vatRateBasisPoints);
  return { netCents, vatRateBasisPoints, vatCents: vat, grossCents: netCents + vat };
}

// --- the engine ----------------------------------------------------------------------------------

/** A class with its start resolved once: the engine sorts, hashes and dates from these. */
type DatedClass = { facts: ClassFacts; startMillis: number; date: string };

/** A class whose main trainer is the only trainer, with the rule that prices it. */
type PayableClass = DatedClass & { rule: PaymentTypeRuleInput };

/** Classes in a total order: start, studio, source id, id. */
function compareDatedClasses(a: DatedClass, b: DatedClass): number {
  return (
    a.startMillis - b.startMillis ||
    a.facts.studioId - b.facts.studioId ||
    (a.facts.sourceId === b.facts.sourceId ? 0 : a.facts.sourceId < b.facts.sourceId ? -1 : 1) ||
    a.facts.id - b.facts.id
  );
}

function hasOtherTrainers(facts: ClassFacts): boolean {
  return facts.otherTrainerIds.some((otherId) => otherId !== facts.trainerId);
}

type Engine = {
  /** Sorts the classes into the check lists and the payable ones, grouped by trainer. */
  classify(classes: readonly ClassFacts[], wantsTrainer: (trainerId: number) => boolean): { check: ClassCheck; payableByTrainer: Map<number, PayableClass[]> };
  settleTrainer(trainer: TrainerTaxFacts, payable: PayableClass[], adminPositions: readonly AdminPositionInput[]): TrainerSettlement;
};

function createEngine(rules: readonly PaymentTypeRuleInput[], vatRateBasisPoints: number): Engine {
  if (!Number.isSafeInteger(vatRateBasisPoints) || vatRateBasisPoints < 0) {
    throw new RangeError(`vatRateBasisPoints must be a non-negative integer, got ${vatRateBasisPoints}`);
  }
  const index: RuleIndex = createRuleIndex(rules);
  const berlinDate = createBerlinDateResolver();
  const snapshots = new Map<PaymentTypeRuleInput, PaymentRuleSnapshot>();
  const snapshotOf = (rule: PaymentTypeRuleInput) => {
    let snapshot = snapshots.get(rule);
    if (!snapshot) {
      snapshot = snapshotRule(rule);
      snapshots.set(rule, snapshot);
    }
    return snapshot;
  };

  return {
    classify(classes, wantsTrainer) {
      const withoutTrainer: DatedClass[] = [];
      const withSeveralTrainers: DatedClass[] = [];
      const withoutRule: DatedClass[] = [];
      const payableByTrainer = new Map<number, PayableClass[]>();
      for (const facts of classes) {
        const startMillis = classStartMillis(facts.startsAt);
        const dated: DatedClass = { facts, startMillis, date: berlinDate(startMillis) };
        const rule = index.select(facts, dated.date);
        if (rule === null) withoutRule.push(dated);
        if (facts.trainerId === null) {
          withoutTrainer.push(dated);
          continue;
        }
        if (hasOtherTrainers(facts)) {
          withSeveralTrainers.push(dated);
          continue;
        }
        if (rule === null || !wantsTrainer(facts.trainerId)) continue;
        const item: PayableClass = { facts, startMillis, date: dated.date, rule };
        const payable = payableByTrainer.get(facts.trainerId);
        if (payable) payable.push(item);
        else payableByTrainer.set(facts.trainerId, [item]);
      }
      const sorted = (list: DatedClass[]) => list.sort(compareDatedClasses).map((dated) => dated.facts);
      return {
        check: { withoutTrainer: sorted(withoutTrainer), withSeveralTrainers: sorted(withSeveralTrainers), withoutRule: sorted(withoutRule) },
        payableByTrainer,
      };
    },

    settleTrainer(trainer, payable, adminPositions) {
      // §19 UStG: a trainer not liable for VAT gets 0 % on every line, admin positions included.
      const rate = trainer.vatLiable ? vatRateBasisPoints : 0;
      const lines: SettlementLineResult[] = [];
      for (const item of [...payable].sort(compareDatedClasses)) {
        const pay = classPay(item.rule, item.facts);
        lines.push({
          kind: 'class',
          classHash: classHash(item.facts.studioId, item.facts.sourceId, item.startMillis),
          className: item.facts.name,
          class: item.facts,
          classDate: item.date,
          rule: snapshotOf(item.rule),
          pay,
          ...amounts(pay.netCents, rate),
        });
      }
      const positions = adminPositions.filter((position) => position.trainerId === trainer.id).sort((a, b) => a.id - b.id);
      for (const position of positions) {
        assertCents(position.netCents, `admin position ${position.id}`);
        lines.push({
          kind: 'admin',
          classHash: adminPositionHash(position.id),
          className: ADMINISTRATION_LINE_NAME,
          description: position.description,
          adminPositionId: position.id,
          adminPositionKind: position.kind,
          ...amounts(position.netCents, rate),
        });
      }
      return { trainerId: trainer.id, vatLiable: trainer.vatLiable, vatRateBasisPoints: rate, vatExempt: !trainer.vatLiable, lines, totals: sumTotals(lines) };
    },
  };
}

/**
 * The data check: classes without a trainer, with several trainers, and without a matching rule,
 * each list in class order. A class can be in more than one list.
 */
export function checkClasses(classes: readonly ClassFacts[], rules: readonly PaymentTypeRuleInput[]): ClassCheck {
  return createEngine(rules, 0).classify(classes, () => false).check;
}

/** One trainer's settlement: a line per payable class of theirs, a line per admin position, totals. */
export function calculateTrainerSettlement(input: TrainerSettlementInput): TrainerSettlement {
  const engine = createEngine(input.rules, input.vatRateBasisPoints);
  const trainerId = input.trainer.id;
  const { payableByTrainer } = engine.classify(
    input.classes.filter((facts) => facts.trainerId === trainerId),
    (id) => id === trainerId,
  );
  return engine.settleTrainer(input.trainer, payableByTrainer.get(trainerId) ?? [], input.adminPositions);
}

/**
 * The settlements of many trainers at once (a month's preparation): rules are indexed once, classes
 * dated, checked and grouped by trainer in one pass, admin positions grouped once.
 */
export function calculateSettlement(input: SettlementInput): SettlementResult {
  const trainers = [...input.trainers].sort((a, b) => a.id - b.id);
  for (let i = 1; i < trainers.length; i += 1) {
    if (trainers[i].id === trainers[i - 1].id) throw new RangeError(`trainer ${trainers[i].id} is given twice`);
  }
  const trainerIds = new Set(trainers.map((trainer) => trainer.id));
  const engine = createEngine(input.rules, input.vatRateBasisPoints);
  const { check, payableByTrainer } = engine.classify(input.classes, (id) => trainerIds.has(id));

  const positionsByTrainer = new Map<number, AdminPositionInput[]>();
  for (const position of input.adminPositions) {
    const list = positionsByTrainer.get(position.trainerId);
    if (list) list.push(position);
    else positionsByTrainer.set(position.trainerId, [position]);
  }

  const settlements = trainers.map((trainer) =>
    engine.settleTrainer(trainer, payableByTrainer.get(trainer.id) ?? [], positionsByTrainer.get(trainer.id) ?? []),
  );
  return { trainers: settlements, check, totals: sumTotals(settlements.map((settlement) => settlement.totals)) };
}
