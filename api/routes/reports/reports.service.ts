import type { EntityManager } from '@mikro-orm/postgresql';
import type { StudioGroup } from '../../../db/entities';
import { ADMINISTRATION_LINE_NAME } from '../../../domain/pay';

// The reports' reads (spec admin 2.14), each one set-based statement on an index of its own
// (migration 20261124132800_reports). Amounts are summed in cents by PostgreSQL and turned into
// euros at the edge, so every row and the grand total reconcile to the cent.

/**
 * One report statement, without PostgreSQL's JIT: the planner's cost estimates of the year-long
 * reads pass `jit_above_cost`, and compiling them took 3.5 s of a 4.3 s answer (EXPLAIN ANALYZE of
 * trainer_balance with prepared months) for statements that run in a few hundred milliseconds.
 * `set local` ends with the statement's own read-only transaction.
 */
export async function rows<T>(em: EntityManager, text: string, bindings: readonly unknown[]): Promise<T[]> {
  return em.transactional(
    async (tx) => {
      await tx.execute('set local jit = off');
      return tx.execute<T[]>(text, bindings as unknown[], 'all');
    },
    { readOnly: true },
  );
}

/** The last day of the month of a YYYY-MM-DD date. */
export function monthEnd(date: string): string {
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${date.slice(0, 7)}-${String(last).padStart(2, '0')}`;
}

export type DayRange = { dateStart: string; dateEnd: string };

const DAY_MS = 86_400_000;
/** How many days a range has, both ends included. */
export const daysOf = (range: DayRange) => Math.round((Date.parse(`${range.dateEnd}T00:00:00Z`) - Date.parse(`${range.dateStart}T00:00:00Z`)) / DAY_MS) + 1;

/** A day range cut into at most `count` contiguous parts of (nearly) equal length. */
export function partsOf(range: DayRange, count: number): DayRange[] {
  const start = Date.parse(`${range.dateStart}T00:00:00Z`);
  const days = daysOf(range);
  const parts = Math.max(1, Math.min(count, days));
  const day = (offset: number) => new Date(start + offset * DAY_MS).toISOString().slice(0, 10);
  return Array.from({ length: parts }, (_, index) => ({ dateStart: day(Math.floor((index * days) / parts)), dateEnd: day(Math.floor(((index + 1) * days) / parts) - 1) }));
}

/** A month range (any day of its first and last month) cut into at most `count` contiguous runs of whole months. */
export function monthPartsOf(range: DayRange, count: number): DayRange[] {
  const months: string[] = [];
  for (let month = `${range.dateStart.slice(0, 7)}-01`; month <= range.dateEnd; month = nextMonthOf(month)) months.push(month);
  const parts = Math.max(1, Math.min(count, months.length));
  return Array.from({ length: parts }, (_, index) => {
    const first = months[Math.floor((index * months.length) / parts)]!;
    const last = months[Math.floor(((index + 1) * months.length) / parts) - 1]!;
    return { dateStart: first, dateEnd: monthEnd(last) };
  });
}

/** The day after a YYYY-MM-DD date. */
export function nextDayOf(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** The first day of the month after a month's first day. */
export function nextMonthOf(month: string): string {
  const [year, number] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`;
}

/**
 * Big answers built in parts at once, each on a connection of its own (one statement runs on one
 * core, and building 60,000 rows of JSON is most of a report's time), joined in order: the parts are
 * contiguous ranges of the report's first sort key (the class's instant, the month), so the joined
 * array is the one statement's array.
 */
async function jsonRowsInParts(parts: DayRange[], part: (range: DayRange) => Promise<JsonText>): Promise<JsonText> {
  const answers = await Promise.all(parts.map(part));
  const inner = answers.map((answer) => answer.json.trim().slice(1, -1).trim()).filter((json) => json.length > 0);
  return { json: `[${inner.join(',')}]` };
}

/** Parts of a big answer: this machine's cores (PostgreSQL runs beside the api). */
export const REPORT_PARTS = 2;

export type ReportGroup = Pick<StudioGroup, 'id' | 'name'> & { mandantName: string };

/** A trainer's name as the credit notes print it: the company name, else first and last name. */
const TRAINER_NAME = `coalesce(nullif(trim(t.company_name), ''), nullif(trim(concat_ws(' ', t.firstname, t.lastname)), ''), t.source_id)`;
/** Start and end instants of a day range (Berlin dates, the end day included). */
const DAY_RANGE = `c.starts_at >= (?::date)::timestamp at time zone 'Europe/Berlin' and c.starts_at < (?::date + 1)::timestamp at time zone 'Europe/Berlin'`;

export type BalanceGrouping = { studio: boolean; className: boolean };

/**
 * An answer of many rows built by PostgreSQL as JSON text (json_agg in C), sent as it is: a year of
 * a large group is tens of thousands of rows, and parsing them into objects only to write them out
 * again costs more than the query. Amounts leave as numeric(…, 2) euros, instants as ISO 8601 UTC.
 */
export type JsonText = { readonly json: string };
async function jsonRows(em: EntityManager, select: string, orderBy: string, bindings: readonly unknown[]): Promise<JsonText> {
  const [row] = await rows<{ json: string }>(em, `select coalesce(json_agg(x order by ${orderBy}), '[]')::text as json from (${select}) x`, bindings);
  return { json: row?.json ?? '[]' };
}

const EUROS = (cents: string) => `(${cents}::numeric / 100)::numeric(16, 2)`;
const PERCENT = (basisPoints: string) => `(${basisPoints}::numeric / 100)::numeric(6, 2)`;
const INSTANT = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Billed lines (the issued credit notes' and cancellations' lines, trigger-filled) and, when asked,
 * the lines of prepared trainers who hold no credit note in force (never billed, or cancelled and
 * not issued again), grouped as the report asks; sums in cents.
 */
function balanceSql(grouping: BalanceGrouping & { trainer: boolean }, includePrepared: boolean) {
  const studioColumn = grouping.studio ? 'r.studio_name' : 'null::text';
  const classColumn = grouping.className ? 'r.class_name' : 'null::text';
  const trainerColumns = grouping.trainer ? `${TRAINER_NAME} as trainer_name, t.uuid::text as trainer_uuid` : `null::text as trainer_name, null::text as trainer_uuid`;
  // Last, so the positional group-by columns (2, 5) stay where they are: the key of the month's payout.
  const trainerId = grouping.trainer ? 't.id' : 'null::int';
  const trainerGroup = grouping.trainer ? ', t.id' : '';
  const trainerJoin = grouping.trainer ? 'join trainer t on t.id = r.trainer_id' : '';
  const billed = `
    select r.service_month as month, ${studioColumn} as studio_name, ${trainerColumns}, ${classColumn} as class_name, r.vat_rate_basis_points,
           sum(r.line_count) as line_count, sum(r.net_cents) as net_cents, sum(r.vat_cents) as vat_cents, sum(r.gross_cents) as gross_cents, 'billed' as billing, ${trainerId} as trainer_id
      from credit_note_report_line r ${trainerJoin}
     where r.studio_group_id = ? and r.service_month between ? and ?
     group by r.service_month, 2${trainerGroup}, 5, r.vat_rate_basis_points
    having sum(r.net_cents) <> 0 or sum(r.vat_cents) <> 0 or sum(r.gross_cents) <> 0`;
  if (!includePrepared) return billed;
  const preparedStudio = grouping.studio ? `case when l.kind = 'class' then so.name end` : 'null::text';
  const preparedClass = grouping.className ? `case when l.kind = 'admin' then coalesce(nullif(trim(l.description), ''), l.class_name) else l.class_name end` : 'null::text';
  // The open trainers first (few), then each one's lines through the settlement_line index
  // (lateral): the planner cannot know how few are open and would scan a year of lines.
  const prepared = `
    select o.month, x.studio_name, ${trainerColumns}, x.class_name, x.vat_rate_basis_points,
           sum(x.line_count) as line_count, sum(x.net_cents) as net_cents, sum(x.vat_cents) as vat_cents, sum(x.gross_cents) as gross_cents, 'prepared' as billing, ${trainerId} as trainer_id
      from (select s.month, st.id, st.trainer_id
              from settlement s join settlement_trainer st on st.settlement_id = s.id
             where s.studio_group_id = ? and s.month between ? and ? and s.status <> 'deleted'
               and not exists (select 1 from credit_note cn where cn.settlement_trainer_id = st.id
                               having count(*) filter (where cn.document_type = 'credit_note') > count(*) filter (where cn.document_type = 'cancellation'))) o
      join trainer t on t.id = o.trainer_id
      cross join lateral (
        select ${preparedStudio} as studio_name, ${preparedClass} as class_name, l.vat_rate_basis_points,
               count(*) as line_count, sum(l.net_cents) as net_cents, sum(l.vat_cents) as vat_cents, sum(l.gross_cents) as gross_cents
          from settlement_line l left join studio so on so.id = l.studio_id
         where l.settlement_trainer_id = o.id
         group by 1, 2, 3) x
     group by o.month, 2${trainerGroup}, 5, x.vat_rate_basis_points`;
  return `${billed} union all ${prepared}`;
}

/**
 * Per trainer and settlement month, what became of the payment of the credit note in force
 * (decision 0155): the latest credit note of the month no cancellation cancels, and of its payouts
 * the last of the repayment chain (the one no repayment repays: `-R1` once the first was paid
 * again). Read from the month's settlements down their indexes (settlement → settlement_trainer →
 * credit_note by settlement trainer → payout by credit note), a row per billed trainer-month.
 */
const MONTH_PAYOUT = `
  select distinct on (cn.trainer_id, s.month) cn.trainer_id, s.month, p.status, p.booking_date,
         case when p.status in ('rejected', 'returned') then nullif(upper(trim(p.reason_code)), '') end as reason_code
    from settlement s
    join settlement_trainer st on st.settlement_id = s.id
    join credit_note cn on cn.settlement_trainer_id = st.id and cn.document_type = 'credit_note'
    left join payout p on p.credit_note_id = cn.id and not exists (select 1 from payout r where r.repays_id = p.id)
   where s.studio_group_id = ? and s.month between ? and ?
     and not exists (select 1 from credit_note c where c.settlement_trainer_id = st.id and c.cancels_id = cn.id)
   order by cn.trainer_id, s.month, cn.id desc, p.id desc`;

type BalanceQuery = { dateStart: string; dateEnd: string; includePrepared?: 'true' | 'false' };
const balanceBindings = (group: ReportGroup, query: BalanceQuery) => {
  const once = [group.id, monthEnd(query.dateStart), monthEnd(query.dateEnd)];
  return query.includePrepared === 'true' ? [...once, ...once] : once;
};

/** Trainer balance rows (TTrainerBalanceRow), by month, trainer and VAT rate, and by studio and class as asked. */
export function trainerBalance(em: EntityManager, group: ReportGroup, query: BalanceQuery, grouping: BalanceGrouping): Promise<JsonText> {
  const lines = balanceSql({ ...grouping, trainer: true }, query.includePrepared === 'true');
  const select = `
    select ?::text as mandant, ?::text as studio_groups_name, b.month::text as month,
           ${grouping.studio ? `coalesce(b.studio_name, ?) as studio_name,` : ''}
           b.trainer_name, b.trainer_uuid, ${grouping.className ? `coalesce(b.class_name, '') as "class",` : ''}
           b.line_count, ${EUROS('b.net_cents')} as "Netto", ${EUROS('b.vat_cents')} as "MwSt", ${PERCENT('b.vat_rate_basis_points')} as "MwSt_PRZ",
           ${EUROS('b.gross_cents')} as "Brutto", b.billing,
           pay.status as payout_status, pay.booking_date::text as payout_booked_on, pay.reason_code as payout_reason_code
      from (${lines}) b
      left join (${MONTH_PAYOUT}) pay on b.billing = 'billed' and pay.trainer_id = b.trainer_id and pay.month = b.month`;
  const order = `x.month, x.trainer_name, ${grouping.studio ? 'x.studio_name, ' : ''}${grouping.className ? 'x."class", ' : ''}x."MwSt_PRZ", x.billing`;
  // By months in parts (the answer is ordered by month first): a year by studio and class is 7 MB of JSON.
  return jsonRowsInParts(monthPartsOf(query, REPORT_PARTS), (months) => {
    const part = { ...query, ...months };
    return jsonRows(em.fork(), select, order, [
      group.mandantName,
      group.name,
      ...(grouping.studio ? [ADMINISTRATION_LINE_NAME] : []),
      ...balanceBindings(group, part),
      group.id,
      monthEnd(part.dateStart),
      monthEnd(part.dateEnd),
    ]);
  });
}

/** Studio balance rows (TStudioBalanceRow): admin positions belong to no studio, one 'Administration' row as in the studio-costs CSV. */
export function studioBalance(em: EntityManager, group: ReportGroup, query: BalanceQuery): Promise<JsonText> {
  const lines = balanceSql({ studio: true, className: false, trainer: false }, query.includePrepared === 'true');
  const select = `
    select ?::text as mandant, ?::text as studio_groups_name, b.month::text as month, coalesce(b.studio_name, ?) as studio_name,
           sum(b.line_count) as line_count, ${EUROS('sum(b.net_cents)')} as "Netto_Sum", ${PERCENT('b.vat_rate_basis_points')} as "MwSt_PRZ",
           ${EUROS('sum(b.vat_cents)')} as "MwSt_Sum", ${EUROS('sum(b.gross_cents)')} as "Sum", b.billing
      from (${lines}) b
     group by b.month, b.studio_name, b.vat_rate_basis_points, b.billing`;
  return jsonRows(em, select, 'x.month, x.studio_name, x."MwSt_PRZ", x.billing', [group.mandantName, group.name, ADMINISTRATION_LINE_NAME, ...balanceBindings(group, query)]);
}

/** Class rows (TClassRow) of a day range. */
export function classList(em: EntityManager, group: ReportGroup, range: { dateStart: string; dateEnd: string }): Promise<JsonText> {
  // By days in parts (the answer is ordered by the class's instant first): a month of a large group is 60,000 rows.
  return jsonRowsInParts(partsOf(range, REPORT_PARTS), (days) => jsonRows(
    em.fork(),
    `select s.name as studio_name, ${INSTANT('c.starts_at')} as class_date, c.name as class_name, case when t.id is not null then ${TRAINER_NAME} end as trainer_name,
            t.source_id as trainer_api_id, c.room as class_room, c.slots as class_slots, c.booked_slots as class_booked_slots, c.attendees as class_attendees,
            c.duration_minutes as class_duration
       from studio_class c join studio s on s.id = c.studio_id left join trainer t on t.id = c.trainer_id
      where c.studio_group_id = ? and ${DAY_RANGE}`,
    'x.class_date, x.studio_name, x.class_name, x.class_room',
    [group.id, days.dateStart, days.dateEnd],
  ));
}

/**
 * The classes a filter picks with the names of their other trainers (Trainer.id list), comma-separated:
 * the ids unnested and joined once for all classes, not looked up class by class.
 */
const withOtherTrainers = (filter: string) => `
  with picked as (select c.* from studio_class c where ${filter}),
       others as (select p.id, string_agg(${TRAINER_NAME}, ', ' order by ${TRAINER_NAME}) as names
                    from picked p cross join lateral jsonb_array_elements_text(p.other_trainers) o join trainer t on t.id = o.value::int
                   group by p.id)
  select c.*, others.names as trainer_others from picked c left join others on others.id = c.id`;

/** Classes without a trainer (TClassWithoutTrainerRow) of a day range. */
export function classesWithoutTrainer(em: EntityManager, group: ReportGroup & { mandantId: number }, range: { dateStart: string; dateEnd: string }): Promise<JsonText> {
  return jsonRows(
    em,
    `select c.id, ?::int as id_studio_groups_id, ?::int as id_mandant_id, s.name as studio_name, ${INSTANT('c.starts_at')} as class_date, c.name as class_name,
            null::text as trainer_name, c.trainer_others
       from (${withOtherTrainers(`c.studio_group_id = ? and c.trainer_id is null and ${DAY_RANGE}`)}) c join studio s on s.id = c.studio_id`,
    'x.class_date, x.studio_name, x.class_name, x.id',
    [group.id, group.mandantId, group.id, range.dateStart, range.dateEnd],
  );
}

/** Classes whose source lists further trainers besides the main one (TMultiTrainerClassRow; not paid until fixed). */
export function classesWithSeveralTrainers(em: EntityManager, group: ReportGroup, range?: { dateStart: string; dateEnd: string }): Promise<JsonText> {
  const filter = `c.studio_group_id = ? and c.other_trainers <> '[]'::jsonb and c.other_trainers <> jsonb_build_array(c.trainer_id)${range ? ` and ${DAY_RANGE}` : ''}`;
  return jsonRows(
    em,
    `select c.id, ${INSTANT('c.starts_at')} as class_date, c.name as class_name, s.name as studio_name,
            case when t.id is not null then ${TRAINER_NAME} end as trainer_name, coalesce(c.trainer_others, '') as trainer_others
       from (${withOtherTrainers(filter)}) c join studio s on s.id = c.studio_id left join trainer t on t.id = c.trainer_id`,
    'x.class_date desc, x.studio_name, x.class_name, x.id',
    range ? [group.id, range.dateStart, range.dateEnd] : [group.id],
  );
}

/** The settlement log across the settlements of a month range (TSettlementLogReportRow), newest first. */
export function settlementLogReport(em: EntityManager, group: ReportGroup, range: { dateStart: string; dateEnd: string }): Promise<JsonText> {
  return jsonRows(
    em,
    `select ${INSTANT('l.timestamp')} as timestamp, l.proc, l.trainer_uuid::text as trainer_uuid, ${TRAINER_NAME} as trainer_name, l.status, l.message,
            s.uuid::text as settlement_uuid, s.month::text as settlement_month
       from settlement s join settlement_log l on l.settlement_id = s.id left join trainer t on t.uuid = l.trainer_uuid
      where s.studio_group_id = ? and s.month between ? and ? and s.status <> 'deleted'`,
    'x.timestamp desc, x.settlement_month desc, x.proc, x.trainer_name',
    [group.id, monthEnd(range.dateStart), monthEnd(range.dateEnd)],
  );
}
