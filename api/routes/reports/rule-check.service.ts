import type { EntityManager } from '@mikro-orm/postgresql';
import type { TRuleCheckOutcome, TRuleCheckRow } from '../../../contracts/reports.contract';
import { PaymentTypeRule } from '../../../db/entities';
import { paymentRuleInputOf } from '../../../db/payment-rule-input';
import { centsToEuros } from '../../../domain/money';
import { classPay, createRuleIndex, type ClassFacts, type PaymentTypeRuleInput } from '../../../domain/pay';
import { trainerDisplayName } from '../../../domain/trainer-data';
import { daysOf, monthEnd, nextDayOf, nextMonthOf, partsOf, REPORT_PARTS, rows, type DayRange, type ReportGroup } from './reports.service';

// The payment-type-rule check (spec admin 2.14): which rule pays each class of the range, or none
// and why, with the rule's fields and what it computes, so an admin finds a wrong rate. The same
// rule selection and pay as the preparation (domain/pay), not a second copy in SQL.
//
// A year of a large group is ~720,000 classes. The engine prices folds of classes it cannot tell
// apart (same studio, name, category, duration, trainer when a rule is narrowed to that trainer,
// with their booked slots counted), each fold lying between the same two rule dates; rows are then
// one per rule, studio, class name, category, duration and outcome. Whole months of the range
// without a rule date inside are read from the folds PostgreSQL keeps per month
// (`class_month_fold`, ~10,000 rows a year of that group), folded again first where a trigger
// marked them stale; the other days (a range's partial months, a month in which a rule starts or
// ends, a month being written right now) are folded from their classes as the check reads them.

type FoldRow = {
  trainer_key: number | null;
  has_trainer: boolean;
  several: boolean;
  studio_id: number;
  studio_name: string;
  name: string;
  category: string | null;
  duration_minutes: number;
  first_date: string;
  last_date: string;
  /** Booked slots and how many classes had them (same length). */
  booked: number[];
  classes: Array<string | number>;
};

type Accumulator = {
  outcome: TRuleCheckOutcome;
  rule: PaymentTypeRuleInput | null;
  studioName: string;
  className: string;
  category: string | null;
  duration: number;
  count: number;
  first: string;
  last: string;
  bookedMin: number;
  bookedMax: number;
  baseCents: number | null;
  extraCents: number;
  netMin: number | null;
  netMax: number | null;
  clamped: number;
  netSumCents: number;
};

const euros = (cents: number | null | undefined) => (cents === null || cents === undefined ? null : centsToEuros(cents));


export async function paymentTypeRuleCheck(em: EntityManager, group: ReportGroup, range: DayRange): Promise<TRuleCheckRow[]> {
  const rules = await em.find(PaymentTypeRule, { studioGroup: group.id }, { populate: ['trainer', 'studio'] });
  const inputs = rules.map(paymentRuleInputOf);
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const ruleTrainers = [...new Set(inputs.map((rule) => rule.trainerId).filter((id): id is number => id !== null && id !== undefined))];
  // Every date on which a rule starts or ends (the day after its last): between two of them the same rules are valid.
  const boundaries = [...new Set(inputs.flatMap((rule) => [rule.validFrom, rule.validTo ? nextDayOf(rule.validTo) : null]).filter((date): date is string => date !== null))].sort();

  const folds = await foldsOfRange(em, group, range, boundaries, ruleTrainers);

  const index = createRuleIndex(inputs);
  const rowsByKey = new Map<string, Accumulator>();
  for (const fold of folds) {
    const facts: ClassFacts = {
      id: 0,
      studioId: fold.studio_id,
      sourceId: '',
      startsAt: fold.first_date,
      name: fold.name,
      category: fold.category,
      durationMinutes: fold.duration_minutes,
      bookedSlots: 0,
      // A trainer no rule names stands for every such trainer: 0 is no trainer's id.
      trainerId: fold.has_trainer ? (fold.trainer_key ?? 0) : null,
      otherTrainerIds: [],
    };
    // Every class of a fold lies between the same two rule dates: its first date selects for all.
    const rule = index.select(facts, fold.first_date);
    const outcome: TRuleCheckOutcome = !fold.has_trainer ? 'no_trainer' : fold.several ? 'several_trainers' : rule === null ? 'no_rule' : 'paid';
    const key = JSON.stringify([outcome, rule?.id ?? null, fold.studio_id, fold.name, fold.category, fold.duration_minutes]);
    let row = rowsByKey.get(key);
    if (!row) {
      row = {
        outcome,
        rule,
        studioName: fold.studio_name,
        className: fold.name,
        category: fold.category,
        duration: fold.duration_minutes,
        count: 0,
        first: fold.first_date,
        last: fold.last_date,
        bookedMin: Number.POSITIVE_INFINITY,
        bookedMax: Number.NEGATIVE_INFINITY,
        baseCents: rule ? classPay(rule, facts).baseCents : null,
        extraCents: 0,
        netMin: null,
        netMax: null,
        clamped: 0,
        netSumCents: 0,
      };
      rowsByKey.set(key, row);
    }
    if (fold.first_date < row.first) row.first = fold.first_date;
    if (fold.last_date > row.last) row.last = fold.last_date;
    fold.booked.forEach((bookedSlots, position) => {
      const count = Number(fold.classes[position]);
      row.count += count;
      row.bookedMin = Math.min(row.bookedMin, bookedSlots);
      row.bookedMax = Math.max(row.bookedMax, bookedSlots);
      if (!rule) return;
      const pay = classPay(rule, { durationMinutes: fold.duration_minutes, bookedSlots });
      row.extraCents += pay.bookedSlotExtraCents * count;
      row.netMin = row.netMin === null ? pay.netCents : Math.min(row.netMin, pay.netCents);
      row.netMax = row.netMax === null ? pay.netCents : Math.max(row.netMax, pay.netCents);
      if (pay.clampedTo) row.clamped += count;
      if (outcome === 'paid') row.netSumCents += pay.netCents * count;
    });
  }

  const collator = new Intl.Collator('de');
  return [...rowsByKey.values()]
    .sort((a, b) => (a.outcome === b.outcome ? 0 : a.outcome === 'paid' ? 1 : b.outcome === 'paid' ? -1 : a.outcome < b.outcome ? -1 : 1) || collator.compare(a.studioName, b.studioName) || collator.compare(a.className, b.className) || a.duration - b.duration || collator.compare(a.category ?? '', b.category ?? '') || collator.compare(a.rule?.name ?? '', b.rule?.name ?? ''))
    .map((row) => {
      const rule = row.rule;
      const entity = rule ? byId.get(rule.id) : undefined;
      return {
        outcome: row.outcome,
        studio_name: row.studioName,
        class_name: row.className,
        class_category: row.category,
        class_duration: row.duration,
        class_count: row.count,
        class_date: row.first,
        class_date_last: row.last,
        booked_slots_min: row.bookedMin,
        booked_slots_max: row.bookedMax,
        ptr_uuid: rule?.uuid ?? null,
        ptr_name: rule?.name ?? null,
        ptr_trainer_name: entity?.trainer ? trainerDisplayName(entity.trainer) : null,
        ptr_studio_name: entity?.studio?.name ?? null,
        ptr_category: rule?.category ?? null,
        ptr_class_filter: rule?.classNameFilter ?? null,
        ptr_valid_from: rule?.validFrom ?? null,
        ptr_valid_to: rule?.validTo ?? null,
        ptr_kind: rule?.kind ?? null,
        ptr_flat: euros(rule?.flatCents),
        ptr_hourly_rate: euros(rule?.hourlyCents),
        ptr_booked_slot_mode: rule?.bookedSlotMode ?? null,
        ptr_booked_slot_threshold: rule?.bookedSlotThreshold ?? null,
        ptr_per_slot: euros(rule?.perSlotCents),
        ptr_tiers: rule?.tiers?.length ? rule.tiers.map((tier) => `${tier.fromBookedSlots}: ${centsToEuros(tier.bonusCents).toFixed(2)}`).join('; ') : null,
        ptr_fixed_bonus: euros(rule?.fixedBonusCents),
        ptr_min: euros(rule?.minCents),
        ptr_max: euros(rule?.maxCents),
        base_per_class: euros(row.baseCents),
        extra_sum: rule ? centsToEuros(row.extraCents) : null,
        net_per_class_min: euros(row.netMin),
        net_per_class_max: euros(row.netMax),
        clamped_count: row.clamped,
        net_sum: centsToEuros(row.netSumCents),
      };
    });
}

/**
 * Two steps in PostgreSQL: classes the engine cannot tell apart are counted (one hash aggregation
 * over the range, on the covering index), then folded per studio, name, category and duration with
 * their booked slots as arrays, so a year comes back as a few thousand rows.
 */
function foldsOf(em: EntityManager, group: ReportGroup, range: DayRange, boundaries: string[], ruleTrainers: number[]): Promise<FoldRow[]> {
  return rows<FoldRow>(
    em,
    `with bounds as (select array(select (d::date)::timestamp at time zone 'Europe/Berlin' from unnest(?::date[]) d order by 1) as instants),
     counted as (
       select case when c.trainer_id = any(?::int[]) then c.trainer_id end as trainer_key, c.trainer_id is not null as has_trainer,
              (c.other_trainers <> '[]'::jsonb and c.other_trainers <> jsonb_build_array(c.trainer_id)) as several,
              c.studio_id, c.name, c.category, c.duration_minutes, c.booked_slots, width_bucket(c.starts_at, bounds.instants) as span,
              min(c.starts_at) as first_at, max(c.starts_at) as last_at, count(*) as classes
         from studio_class c, bounds
        where c.studio_group_id = ? and c.starts_at >= (?::date)::timestamp at time zone 'Europe/Berlin' and c.starts_at < (?::date + 1)::timestamp at time zone 'Europe/Berlin'
        group by 1, 2, 3, 4, 5, 6, 7, 8, 9)
     select k.trainer_key, k.has_trainer, k.several, k.studio_id, s.name as studio_name, k.name, k.category, k.duration_minutes,
            (min(k.first_at) at time zone 'Europe/Berlin')::date::text as first_date, (max(k.last_at) at time zone 'Europe/Berlin')::date::text as last_date,
            array_agg(k.booked_slots) as booked, array_agg(k.classes) as classes
       from counted k join studio s on s.id = k.studio_id
      group by k.trainer_key, k.has_trainer, k.several, k.studio_id, s.name, k.name, k.category, k.duration_minutes, k.span`,
    [`{${['1900-01-01', ...boundaries].join(',')}}`, `{${ruleTrainers.join(',')}}`, group.id, range.dateStart, range.dateEnd],
  );
}

/**
 * The folds of a range: whole clean months from `class_month_fold` (stale ones folded again
 * first), the other days from their classes. A fold of a part is a fold of the whole (the caller
 * adds them up by rule, studio, name, category and duration), so how the range is cut changes
 * nothing in the rows.
 */
async function foldsOfRange(em: EntityManager, group: ReportGroup, range: DayRange, boundaries: string[], ruleTrainers: number[]): Promise<FoldRow[]> {
  const plan = foldPlanOf(range, boundaries);
  const stale = plan.months.length > 0 ? await staleMonthsOf(em.fork(), group, plan.months) : [];
  // A few stale months (an import since the last check) are folded again first, ~0.1 s each for a
  // large group. A year of them (a trainer named by a rule for the first time or no longer, a year
  // imported again, the first check after the migration) would take seconds: those are read from
  // their classes this time and folded after the answer. Losing that fold (the process ends) loses
  // nothing: the months stay stale.
  const later = stale.slice(INLINE_REFOLDS);
  const busy = stale.length > 0 ? await refreshMonthFolds(em.fork(), group, stale.slice(0, INLINE_REFOLDS)) : [];
  const unfolded = [...busy, ...later];
  const months = plan.months.filter((month) => !unfolded.includes(month));
  const raw = joinedRanges([...plan.raw, ...unfolded.map((month) => ({ dateStart: month, dateEnd: monthEnd(month) }))]);
  // A long stretch of days is read in parts, each on a connection of its own (one statement runs on
  // one core; bench/reports.ts: a year's classes took 645 ms in one statement).
  const parts = raw.flatMap((part) => partsOf(part, daysOf(part) > 62 ? REPORT_PARTS : 1));
  const read = await Promise.all([
    months.length > 0 ? monthFoldsOf(em.fork(), group, months) : Promise.resolve([]),
    ...parts.map((part) => foldsOf(em.fork(), group, part, boundaries, ruleTrainers)),
  ]);
  if (later.length > 0) {
    void refreshMonthFolds(em.fork(), group, later).catch((error: unknown) => console.error(`[reports] folding ${later.length} months of studio group ${group.id} again failed`, error));
  }
  return read.flat();
}

/** Stale months folded before the check reads them; more are read from their classes and folded after. */
const INLINE_REFOLDS = 2;

/** The months among `months` marked stale (a change committed since they were folded, or never folded). */
async function staleMonthsOf(em: EntityManager, group: ReportGroup, months: string[]): Promise<string[]> {
  const marked = await em.execute<Array<{ month: string }>>(
    `select month::text as month from class_month_stale where studio_group_id = ? and month = any(?::date[]) order by month`,
    [group.id, `{${months.join(',')}}`],
  );
  return marked.map((row) => row.month);
}

/** Which months of a range are read from their folds, and which days from their classes. */
export function foldPlanOf(range: DayRange, boundaries: string[]): { months: string[]; raw: DayRange[] } {
  const months: string[] = [];
  const raw: DayRange[] = [];
  for (let month = `${range.dateStart.slice(0, 7)}-01`; month <= range.dateEnd; month = nextMonthOf(month)) {
    const last = monthEnd(month);
    const whole = month >= range.dateStart && last <= range.dateEnd;
    const ruleDateInside = boundaries.some((date) => date > month && date <= last);
    if (whole && !ruleDateInside) months.push(month);
    else raw.push({ dateStart: month < range.dateStart ? range.dateStart : month, dateEnd: last > range.dateEnd ? range.dateEnd : last });
  }
  return { months, raw: joinedRanges(raw) };
}

/** Day ranges sorted, adjacent ones joined. */
function joinedRanges(ranges: DayRange[]): DayRange[] {
  const joined: DayRange[] = [];
  for (const range of [...ranges].sort((a, b) => (a.dateStart < b.dateStart ? -1 : 1))) {
    const previous = joined.at(-1);
    if (previous && nextDayOf(previous.dateEnd) === range.dateStart) previous.dateEnd = range.dateEnd;
    else joined.push({ ...range });
  }
  return joined;
}

/**
 * Folds the stale months among `months` again, in one transaction, and answers the stale months it
 * could not: those whose marker another transaction holds (classes of that month being written
 * now), which the caller reads from their classes. The markers are locked first and the classes
 * read by the next statement, so a change committed before the lock is in the fold, and one
 * committed after it marks the month again.
 */
async function refreshMonthFolds(em: EntityManager, group: ReportGroup, months: string[]): Promise<string[]> {
  return em.transactional(async (tx) => {
    const monthList = `{${months.join(',')}}`;
    const locked = await tx.execute<Array<{ id: number; month: string }>>(
      `select id, month::text as month from class_month_stale where studio_group_id = ? and month = any(?::date[]) for update skip locked`,
      [group.id, monthList],
    );
    const busy = await tx.execute<Array<{ month: string }>>(
      `select month::text as month from class_month_stale where studio_group_id = ? and month = any(?::date[]) and id <> all(?::int[])`,
      [group.id, monthList, `{${locked.map((row) => row.id).join(',')}}`],
    );
    if (locked.length > 0) {
      const stale = `{${locked.map((row) => row.month).join(',')}}`;
      await tx.execute('set local jit = off');
      await tx.execute(`delete from class_month_fold where studio_group_id = ? and month = any(?::date[])`, [group.id, stale]);
      await tx.execute(
        `insert into class_month_fold (studio_group_id, month, trainer_key, has_trainer, several, studio_id, name, category, duration_minutes, first_at, last_at, booked, classes)
         select k.studio_group_id, k.month, k.trainer_key, k.has_trainer, k.several, k.studio_id, k.name, k.category, k.duration_minutes, min(k.first_at), max(k.last_at),
                jsonb_agg(k.booked_slots order by k.booked_slots), jsonb_agg(k.classes order by k.booked_slots)
           from (select c.studio_group_id, m.month,
                        case when c.trainer_id in (select r.trainer_id from payment_type_rule r where r.studio_group_id = ? and r.trainer_id is not null) then c.trainer_id end as trainer_key,
                        c.trainer_id is not null as has_trainer,
                        (c.other_trainers <> '[]'::jsonb and c.other_trainers <> jsonb_build_array(c.trainer_id)) as several,
                        c.studio_id, c.name, c.category, c.duration_minutes, c.booked_slots, min(c.starts_at) as first_at, max(c.starts_at) as last_at, count(*)::int as classes
                   from unnest(?::date[]) as m(month)
                   join studio_class c on c.studio_group_id = ?
                    and c.starts_at >= m.month::timestamp at time zone 'Europe/Berlin'
                    and c.starts_at < (m.month + interval '1 month')::timestamp at time zone 'Europe/Berlin'
                  group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10) k
          group by 1, 2, 3, 4, 5, 6, 7, 8, 9`,
        [group.id, stale, group.id],
      );
      await tx.execute(`delete from class_month_stale where id = any(?::int[])`, [`{${locked.map((row) => row.id).join(',')}}`]);
    }
    return busy.map((row) => row.month);
  });
}

/** The kept folds of clean months, with their studios' names. */
function monthFoldsOf(em: EntityManager, group: ReportGroup, months: string[]): Promise<FoldRow[]> {
  return rows<FoldRow>(
    em,
    `select f.trainer_key, f.has_trainer, f.several, f.studio_id, s.name as studio_name, f.name, f.category, f.duration_minutes,
            (f.first_at at time zone 'Europe/Berlin')::date::text as first_date, (f.last_at at time zone 'Europe/Berlin')::date::text as last_date,
            f.booked, f.classes
       from class_month_fold f join studio s on s.id = f.studio_id
      where f.studio_group_id = ? and f.month = any(?::date[])`,
    [group.id, `{${months.join(',')}}`],
  );
}
