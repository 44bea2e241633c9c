import type { EntityManager } from '@mikro-orm/postgresql';
import type { BillingFacts } from '../../domain/credit-notes';
import type { TrainerDataInput, TrainerSnapshot } from '../../domain/trainer-data';
import { idArray } from './id-array';
import { sql } from './sql';
import { TRAINER_DATA_COLUMNS, trainerDataOf, type TrainerDataSql } from './trainer-data';

// The facts the billing-eligibility rule (domain/credit-notes/billing-eligibility) reads, for a set
// of trainers in ONE studio group and, when asked, one settlement of it. Every place that decides
// who may be paid by credit note reads them here, so they cannot disagree on whose consent counts.

export type BillingFactsRow = TrainerDataSql & {
  trainer_id: number;
  trainer_uuid: string;
  is_employee: boolean;
  iban_change_pending: boolean;
  self_billing_consent: boolean;
  /** Null when no settlement was asked about or the trainer is not in it. */
  settlement_trainer_id: number | null;
  prepared: boolean;
  workflow_state: string | null;
  trainer_snapshot: Partial<TrainerSnapshot> | null;
  /** Null without trainer review (no approval needed) or without a settlement. */
  approved_by_company: boolean | null;
};

/**
 * Consent to self-billing with studio group `?` (§14 (2) Satz 2 UStG: the agreement is between the
 * issuing group and the trainer): the trainer's portal link to THAT group consented, or a written
 * agreement recorded on the trainer record, which belongs to one group, when that group is this one.
 * Two parameters: the studio group id, twice.
 */
export const SELF_BILLING_CONSENT_SQL = `(exists (select 1 from studio_group_trainer sgt
                  where sgt.trainer_id = t.id and sgt.studio_group_id = ? and sgt.self_billing_consent_at is not null)
          or (t.studio_group_id = ? and t.self_billing_agreement_at is not null))`;

const ISSUED_STATES = ['credit_note_created', 'credit_note_send'];

/**
 * The billing facts of these trainers (ids or uuids) in the studio group, and in the settlement when
 * one is given: whether they are prepared in it, their snapshot, whether a credit note of an earlier
 * run exists and, with trainer review, the company's latest approval. Trainers not found are absent.
 */
export async function readBillingFacts(
  em: EntityManager,
  { studioGroupId, settlementId = null, trainerIds = [], trainerUuids = [] }: { studioGroupId: number; settlementId?: number | null; trainerIds?: readonly number[]; trainerUuids?: readonly string[] },
): Promise<BillingFactsRow[]> {
  if (trainerIds.length === 0 && trainerUuids.length === 0) return [];
  return sql<BillingFactsRow>(
    em,
    `select t.id as trainer_id, t.uuid as trainer_uuid, ${TRAINER_DATA_COLUMNS}, t.is_employee,
            t.iban_changed_at is not null as iban_change_pending,
            ${SELF_BILLING_CONSENT_SQL} as self_billing_consent,
            st.id as settlement_trainer_id, coalesce(st.prepared_at is not null, false) as prepared, st.workflow_state, st.trainer_snapshot,
            case when s.trainer_review then coalesce(
              (select a.approved from approval a
                where a.settlement_trainer_id = st.id and a.kind = 'company' and a.studio_id is null
                order by a.created_at desc, a.id desc limit 1), false) end as approved_by_company
       from trainer t
       left join settlement_trainer st on st.trainer_id = t.id and st.settlement_id = ?
       left join settlement s on s.id = st.settlement_id
      where t.id = any(?::int[]) or t.uuid = any(?::uuid[])`,
    [studioGroupId, studioGroupId, settlementId ?? 0, idArray(trainerIds), idArray(trainerUuids)],
  );
}

/**
 * What the credit note would print: once the trainer is prepared, the settlement's snapshot alone
 * (a field an older snapshot lacks is missing, as on the document), else the trainer record.
 */
function printedData(row: BillingFactsRow): TrainerDataInput {
  if (!row.prepared) return trainerDataOf(row);
  const snapshot = row.trainer_snapshot ?? {};
  return {
    street: snapshot.street ?? null,
    houseNumber: snapshot.houseNumber ?? null,
    postalCode: snapshot.postalCode ?? null,
    city: snapshot.city ?? null,
    iban: snapshot.iban ?? null,
    taxNumber: snapshot.taxNumber ?? null,
    taxNumberMandatory: snapshot.taxNumberMandatory ?? false,
    vatId: snapshot.vatId ?? null,
  };
}

/** The rule's input from a row; with `inSettlement`, the settlement's facts too (the row must have been read with one). */
export function billingFactsOf(row: BillingFactsRow, { inSettlement }: { inSettlement: boolean }): BillingFacts {
  return {
    data: printedData(row),
    isEmployee: row.is_employee,
    ibanChangePending: row.iban_change_pending,
    selfBillingConsent: row.self_billing_consent,
    ...(inSettlement
      ? { settlement: { prepared: row.settlement_trainer_id !== null && row.prepared, issued: ISSUED_STATES.includes(row.workflow_state ?? ''), approvedByCompany: row.approved_by_company } }
      : {}),
  };
}
