import type { EntityManager } from '@mikro-orm/postgresql';
import { AdminPosition, CreditNote, Settlement, SettlementLog, SettlementRun, type StudioGroup } from '../../../db/entities';
import { isoDateOf, monthInstants } from '../../../domain/settlement/month';
import { trainerDisplayName, trainerName } from '../../../domain/trainer-data';
import { checkTrainerData } from '../../../domain/trainer-data';
import { TRAINER_RECORD_COLUMNS, trainerDataOf, type TrainerRecordSql } from '../../../db/queries/trainer-data';
import { billingFactsOf, readBillingFacts } from '../../../db/queries/billing-facts';
import { payoutSummariesOf } from '../../../db/queries/payout-summaries';
import { billingEligibility } from '../../../domain/credit-notes';
import { centsToEuros } from '../../../domain/money';
import {
  LOCKED_TRAINER_WORKFLOW_STATES,
  type TAdminPosition,
  type TBillableTrainerRow,
  type TBillableTrainersResponse,
  type TSettlementIndexItem,
  type TSettlementLogRow,
  type TSettlementTrainerItem,
  type TTrainerListItem,
  type TTrainerSummaryRow,
  type TTrainerWorkflowState,
} from '../../../contracts/settlement.contract';

// The settlement screens' reads, straight from PostgreSQL (DESIGN: screens read the business
// records; the process state comes from the workflow's query).

const LOCKED: readonly string[] = LOCKED_TRAINER_WORKFLOW_STATES;
const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);
const userRef = (user: { uuid: string; firstname: string; lastname: string }) => ({ uuid: user.uuid, name: `${user.firstname} ${user.lastname}`.trim() });

type BillableSqlRow = TrainerRecordSql & {
  studio_uuid: string;
  studio_name: string;
  class_count: number;
  account_connected: boolean;
  iban_change_pending: boolean;
  state: TTrainerWorkflowState | null;
  month_locked: boolean;
  month_billed: boolean;
};

/**
 * The select-trainer screen (spec 2.4, billable trainer row of spec 3): one row per trainer and
 * studio where they are the main trainer of a class in the month, with their state in this
 * settlement, completeness (spec 5) and whether an issued credit note of the month locks them.
 */
export async function listBillableTrainers(
  em: EntityManager,
  group: StudioGroup,
  lastDay: string,
  settlement: Settlement | null,
  selectedTrainerUuids: readonly string[] = [],
): Promise<Omit<TBillableTrainersResponse, 'settlementUuid' | 'exists'>> {
  const { start, end } = monthInstants(lastDay);
  const rows = await em.getConnection().execute<BillableSqlRow[]>(
    `with taught as (
       select c.trainer_id, c.studio_id, count(*)::int as class_count
         from studio_class c
        where c.studio_group_id = ? and c.trainer_id is not null and c.starts_at >= ? and c.starts_at < ?
        group by c.trainer_id, c.studio_id
     ), month_states as (
       -- Trainers of any (not deleted) settlement of the group for the month: an issued credit note locks them.
       select st.trainer_id,
              bool_or(st.workflow_state in ('credit_note_created', 'credit_note_send')) as locked,
              bool_or(st.workflow_state = 'credit_note_send') as billed
         from settlement_trainer st join settlement s on s.id = st.settlement_id
        where s.studio_group_id = ? and s.month = ? and s.status <> 'deleted'
        group by st.trainer_id
     )
     select ${TRAINER_RECORD_COLUMNS}, t.iban_changed_at is not null as iban_change_pending, s.uuid as studio_uuid, s.name as studio_name, taught.class_count,
            exists (select 1 from studio_group_trainer sgt where sgt.trainer_id = t.id) as account_connected,
            (select st.workflow_state from settlement_trainer st where st.settlement_id = ? and st.trainer_id = t.id) as state,
            coalesce(ms.locked, false) as month_locked, coalesce(ms.billed, false) as month_billed
       from taught
       join trainer t on t.id = taught.trainer_id
       join studio s on s.id = taught.studio_id
       left join month_states ms on ms.trainer_id = t.id
      order by s.name, s.id, lower(coalesce(nullif(trim(t.company_name), ''), concat_ws(' ', t.firstname, t.lastname))), t.id`,
    [group.id, start, end, group.id, lastDay, settlement?.id ?? 0],
  );

  // Consent and the other billing facts with THIS group, as every step that bills reads them.
  const facts = new Map((await readBillingFacts(em, { studioGroupId: group.id, trainerIds: [...new Set(rows.map((row) => row.id))] })).map((fact) => [fact.trainer_id, fact]));
  const selected = new Set(selectedTrainerUuids);
  const result: TBillableTrainerRow[] = rows.map((row) => {
    const check = checkTrainerData(trainerDataOf(row));
    const fact = facts.get(row.id)!;
    const eligibility = billingEligibility(billingFactsOf(fact, { inSettlement: false }));
    const state: TTrainerWorkflowState = row.state ?? 'new';
    const locked = row.month_locked || LOCKED.includes(state);
    return {
      trainer_uuid: row.uuid,
      id: row.id,
      studio_uuid: row.studio_uuid,
      studio_name: row.studio_name,
      trainer_company_name: row.company_name?.trim() ? row.company_name : null,
      trainer_name: trainerName({ firstname: row.firstname, lastname: row.lastname, sourceId: row.source_id }),
      trainer_street: row.street,
      trainer_house: row.house_number,
      trainer_zip: row.postal_code,
      trainer_city: row.city,
      trainer_iban: row.iban,
      trainer_taxno: row.tax_number,
      tax_number_mandatory: row.tax_number_mandatory,
      trainer_account_connected: row.account_connected,
      self_billing_consent: fact.self_billing_consent,
      is_employee: row.is_employee,
      iban_change_pending: row.iban_change_pending,
      billing_refusals: eligibility.reasons,
      workflow_state: state,
      class_count: row.class_count,
      trainer_data_complete: check.complete,
      missing: check.missing,
      tax_number_missing_not_mandatory: check.taxNumberMissingButOptional,
      billed: row.month_billed || state === 'credit_note_send',
      selectable: check.complete && !locked,
      selected: selected.has(row.uuid),
    };
  });

  const distinct = (predicate: (row: TBillableTrainerRow) => boolean) => new Set(result.filter(predicate).map((row) => row.trainer_uuid)).size;
  const locations = new Map<string, string>();
  for (const row of result) locations.set(row.studio_uuid, row.studio_name);
  return {
    settlementMonth: lastDay,
    rows: result,
    counters: {
      // Billable: can be billed now (complete data, no credit note yet); the other three counters
      // name why the rest cannot be, so the four read as one picture of the month.
      billable: distinct((row) => row.trainer_data_complete && !row.billed),
      dataNotComplete: distinct((row) => !row.trainer_data_complete),
      billed: distinct((row) => row.billed),
      selected: selected.size,
    },
    selectedTrainerUuids: [...selected],
    locations: [...locations].map(([location_uuid, location_name]) => ({ location_uuid, location_name })),
  };
}

type SettlementTrainerSqlRow = {
  trainer_uuid: string;
  trainer_id: number;
  source_id: string;
  firstname: string | null;
  lastname: string | null;
  company_name: string | null;
  workflow_state: TTrainerWorkflowState;
  sum_net: number;
  sum_vat: number;
  sum_gross: number;
  studios: Array<{ studio_uuid: string; studio_name: string }> | null;
};

/** The settlement's prepared trainers with their sums (sums of their lines), by display name. */
async function settlementTrainerRows(em: EntityManager, settlement: Settlement): Promise<SettlementTrainerSqlRow[]> {
  const rows = await em.getConnection().execute<SettlementTrainerSqlRow[]>(
    `select t.uuid as trainer_uuid, t.id as trainer_id, t.source_id, t.firstname, t.lastname, t.company_name, st.workflow_state,
            st.sum_net_cents as sum_net, st.sum_vat_cents as sum_vat, st.sum_gross_cents as sum_gross,
            (select jsonb_agg(distinct jsonb_build_object('studio_uuid', s.uuid, 'studio_name', s.name))
               from settlement_line l join studio s on s.id = l.studio_id where l.settlement_trainer_id = st.id) as studios
       from settlement_trainer st join trainer t on t.id = st.trainer_id
      where st.settlement_id = ? and st.prepared_at is not null`,
    [settlement.id],
  );
  const name = (row: SettlementTrainerSqlRow) => trainerDisplayName({ companyName: row.company_name, firstname: row.firstname, lastname: row.lastname, sourceId: row.source_id });
  return rows.sort((a, b) => name(a).localeCompare(name(b), 'de') || a.trainer_id - b.trainer_id);
}

/** Spec 2.13 / 7 and 3: Trainer, Netto, MwSt, Brutto (also as sum_net, sum_vat, sum_gross) in euros, plus the cents. */
export async function trainerSummary(em: EntityManager, settlement: Settlement): Promise<TTrainerSummaryRow[]> {
  return (await settlementTrainerRows(em, settlement)).map((row) => ({
    Trainer: trainerDisplayName({ companyName: row.company_name, firstname: row.firstname, lastname: row.lastname, sourceId: row.source_id }),
    Netto: centsToEuros(row.sum_net),
    MwSt: centsToEuros(row.sum_vat),
    Brutto: centsToEuros(row.sum_gross),
    sum_net: centsToEuros(row.sum_net),
    sum_vat: centsToEuros(row.sum_vat),
    sum_gross: centsToEuros(row.sum_gross),
    trainer_uuid: row.trainer_uuid,
    trainer_id: row.trainer_id,
    trainer_name: trainerName({ firstname: row.firstname, lastname: row.lastname, sourceId: row.source_id }),
    net_cents: row.sum_net,
    vat_cents: row.sum_vat,
    gross_cents: row.sum_gross,
    workflow_state: row.workflow_state,
  }));
}

export async function trainerList(em: EntityManager, settlement: Settlement): Promise<TTrainerListItem[]> {
  return (await settlementTrainerRows(em, settlement)).map((row) => ({
    TrainerID: row.trainer_id,
    trainerUuid: row.trainer_uuid,
    trainerName: trainerDisplayName({ companyName: row.company_name, firstname: row.firstname, lastname: row.lastname, sourceId: row.source_id }),
    workflowState: row.workflow_state,
  }));
}

export async function settlementTrainers(em: EntityManager, settlement: Settlement, locale = 'de'): Promise<TSettlementTrainerItem[]> {
  const [rows, payouts] = await Promise.all([settlementTrainerRows(em, settlement), trainerPayouts(em, settlement, locale)]);
  return rows.map((row) => ({
    trainer_uuid: row.trainer_uuid,
    id: row.trainer_id,
    trainer_company_name: row.company_name?.trim() ? row.company_name : null,
    trainer_name: trainerName({ firstname: row.firstname, lastname: row.lastname, sourceId: row.source_id }),
    workflow_state: row.workflow_state,
    studios: (row.studios ?? []).sort((a, b) => a.studio_name.localeCompare(b.studio_name, 'de')),
    sum_net: centsToEuros(row.sum_net),
    sum_vat: centsToEuros(row.sum_vat),
    sum_gross: centsToEuros(row.sum_gross),
    payout: payouts.get(row.trainer_id) ?? null,
  }));
}

/** Per trainer id, the payout of their credit note of this settlement that stands (not cancelled; the latest). */
async function trainerPayouts(em: EntityManager, settlement: Settlement, locale: string) {
  const documents = await em.find(CreditNote, { settlementTrainer: { settlement } }, { fields: ['id', 'trainer', 'documentType', 'cancels'], orderBy: { id: 'asc' } });
  const cancelled = new Set(documents.flatMap((document) => (document.cancels ? [document.cancels.id] : [])));
  const standing = new Map(documents.filter((document) => document.documentType === 'credit_note' && !cancelled.has(document.id)).map((note) => [note.trainer.id, note.id]));
  const byCreditNote = await payoutSummariesOf(em, [...standing.values()], locale);
  return new Map([...standing].flatMap(([trainerId, creditNoteId]) => {
    const payout = byCreditNote.get(creditNoteId);
    return payout ? [[trainerId, payout] as const] : [];
  }));
}

/** The settlement of a month a month-addressed call means: the given one, else the open one, else the newest. */
export async function settlementOfMonth(em: EntityManager, group: StudioGroup, lastDay: string, settlementUuid?: string): Promise<Settlement | null> {
  if (settlementUuid) return em.findOne(Settlement, { uuid: settlementUuid, studioGroup: group, month: lastDay, status: { $ne: 'deleted' } }, { populate: ['createdBy'] });
  const candidates = await em.find(Settlement, { studioGroup: group, month: lastDay, status: { $ne: 'deleted' } }, { populate: ['createdBy'], orderBy: { createdAt: 'desc', id: 'desc' } });
  return candidates.find((candidate) => candidate.status === 'in_progress') ?? candidates[0] ?? null;
}

export async function settlementLog(em: EntityManager, settlement: Settlement): Promise<TSettlementLogRow[]> {
  const rows = await em.find(SettlementLog, { settlement }, { orderBy: { id: 'asc' } });
  return rows.map((row) => ({
    timestamp: row.timestamp.toISOString(),
    proc: row.proc,
    trainer_uuid: row.trainerUuid ?? null,
    status: (['info', 'success', 'warning', 'error'].includes(row.status) ? row.status : 'info') as TSettlementLogRow['status'],
    message: row.message,
  }));
}

/** Sums of all lines of the settlement in integer cents, stored on it (sum cards, accounting). */
export async function calculateSums(em: EntityManager, settlement: Settlement) {
  // bigint, as the columns: node-postgres answers it as a string, exact up to 2^53 cents as a number.
  const [sums] = await em.getConnection().execute<Array<{ net: string; vat: string; gross: string }>>(
    `update settlement s
        set sum_net_cents = x.net, sum_vat_cents = x.vat, sum_gross_cents = x.gross, updated_at = now()
       from (select coalesce(sum(l.net_cents), 0)::bigint as net, coalesce(sum(l.vat_cents), 0)::bigint as vat, coalesce(sum(l.gross_cents), 0)::bigint as gross
               from settlement_line l join settlement_trainer st on st.id = l.settlement_trainer_id
              where st.settlement_id = ?
                -- Once credit notes exist the sums are what is paid (billed trainers); before, what is prepared.
                and (st.workflow_state in ('credit_note_created', 'credit_note_send')
                     or not exists (select 1 from settlement_trainer b where b.settlement_id = ? and b.workflow_state in ('credit_note_created', 'credit_note_send')))) x
      where s.id = ?
  returning x.net, x.vat, x.gross`,
    [settlement.id, settlement.id, settlement.id],
  );
  return { netCents: Number(sums?.net ?? 0), vatCents: Number(sums?.vat ?? 0), grossCents: Number(sums?.gross ?? 0) };
}

/** The stored sums as the answers carry them: euros, null until calculated (the sum cards show then). */
export function settlementSums(settlement: Settlement) {
  const euros = (cents: number | null | undefined) => (cents === null || cents === undefined ? null : centsToEuros(cents));
  return { sumNet: euros(settlement.sumNetCents), sumVat: euros(settlement.sumVatCents), sumGross: euros(settlement.sumGrossCents) };
}

/** Spec 2.11: newest month first; deleted settlements left out. */
export async function settlementIndex(em: EntityManager, group: StudioGroup): Promise<TSettlementIndexItem[]> {
  const settlements = await em.find(Settlement, { studioGroup: group, status: { $ne: 'deleted' } }, { populate: ['createdBy'], orderBy: { month: 'desc', createdAt: 'desc', id: 'desc' } });
  if (settlements.length === 0) return [];
  const counts = await em.getConnection().execute<Array<{ settlement_id: number; open: number }>>(
    `select settlement_id, count(*) filter (where workflow_state <> 'credit_note_send')::int as open
       from settlement_trainer where settlement_id in (select value::int from jsonb_array_elements_text(?::jsonb)) group by settlement_id`,
    [JSON.stringify(settlements.map((settlement) => settlement.id))],
  );
  const open = new Map(counts.map((row) => [row.settlement_id, row.open]));
  return settlements.map((settlement) => {
    const createdBy = userRef(settlement.createdBy);
    return {
      settlementUuid: settlement.uuid,
      month: isoDateOf(settlement.month),
      status: settlement.status,
      completed: settlement.status === 'completed',
      archived: settlement.status === 'archived',
      trainers_billable: open.get(settlement.id) ?? 0,
      created_dt: settlement.createdAt.toISOString(),
      user_created: createdBy.name,
      createdBy,
      completed_dt: iso(settlement.completedAt),
      version: settlement.version,
      ...settlementSums(settlement),
    };
  });
}

/** The accounting-files tab's runs (filled once credit-note runs exist). */
export async function settlementRuns(em: EntityManager, settlement: Settlement) {
  const runs = await em.find(SettlementRun, { settlement }, { orderBy: { createdAt: 'asc' } });
  const notes = runs.length ? await em.find(CreditNote, { settlementRun: { $in: runs } }, { populate: ['trainer'], orderBy: { number: 'asc' } }) : [];
  return runs.map((run) => ({
    uuid: run.uuid,
    timestamp: run.createdAt.toISOString(),
    trainers: notes
      .filter((note) => note.settlementRun.id === run.id)
      .map((note) => ({ uuid: note.trainer.uuid, company_name: trainerDisplayName(note.trainer), sum_gross: centsToEuros(note.grossCents) })),
  }));
}

export async function listAdminPositions(em: EntityManager, settlement: Settlement, trainerUuid?: string): Promise<TAdminPosition[]> {
  const positions = await em.find(
    AdminPosition,
    { settlement, ...(trainerUuid ? { trainer: { uuid: trainerUuid } } : {}) },
    { populate: ['trainer', 'createdBy'], orderBy: { id: 'asc' } },
  );
  return positions.map((position) => ({
    uuid: position.uuid,
    trainerUuid: position.trainer.uuid,
    trainerName: trainerDisplayName(position.trainer),
    kind: position.kind,
    description: position.description,
    netCents: position.netCents,
    createdDt: position.createdAt.toISOString(),
    createdBy: userRef(position.createdBy),
  }));
}

export { iso, userRef };
