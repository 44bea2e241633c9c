import type { EntityManager } from '@mikro-orm/postgresql';
import { centsToEuros } from '../../../domain/money';
import type { Settlement } from '../../../db/entities';
import { TRAINER_DATA_COLUMNS, trainerDataOf, type TrainerDataSql } from '../../../db/queries/trainer-data';
import { isoDateOf } from '../../../domain/settlement/month';
import { checkTrainerData } from '../../../domain/trainer-data';
import { billingEligibility } from '../../../domain/credit-notes';
import { billingFactsOf, readBillingFacts } from '../../../db/queries/billing-facts';
import type { TApprovedTrainersResponse, TPreviewCheckResponse, TPreviewCheckTrainer } from '../../../contracts/review.contract';
import type { TTrainerWorkflowState } from '../../../contracts/settlement.contract';
import { sql } from '../../../db/queries/sql';
import { currentApprovals, TRAINER_NAME_COLUMNS, trainerNamesOf, type TrainerNameSql } from './review-rows';

// The preview check's trainer list (2.10 left column) and the company-approved trainers of the
// send-credit-note modal. The rows and approvals they read: review-rows.

/** The states of a trainer who was sent a preview (the preview check lists them). */
const PREVIEW_SENT_STATES = ['preview_send', 'credit_note_created', 'credit_note_send', 'approved'] as const;

type PreviewCheckSql = TrainerNameSql &
  TrainerDataSql & {
    id: number;
    workflow_state: TTrainerWorkflowState;
    location_uuid: string;
    location_name: string;
    has_comments: boolean;
    account_connected: boolean;
  };

/** GET /settlement/{settlementUuid}/preview-check: locations with the trainers who were sent a preview. */
export async function previewCheck(em: EntityManager, settlement: Settlement): Promise<TPreviewCheckResponse> {
  const rows = await sql<PreviewCheckSql>(
    em,
    `select st.id, ${TRAINER_NAME_COLUMNS},
            ${TRAINER_DATA_COLUMNS}, st.workflow_state, s.uuid as location_uuid, s.name as location_name,
            exists (select 1 from comment c where c.settlement_trainer_id = st.id) as has_comments,
            exists (select 1 from studio_group_trainer sgt where sgt.trainer_id = t.id) as account_connected
       from settlement_trainer st
       join trainer t on t.id = st.trainer_id
       join (select distinct l.settlement_trainer_id, l.studio_id from settlement_line l
               join settlement_trainer lst on lst.id = l.settlement_trainer_id
              where lst.settlement_id = ? and l.kind = 'class' and l.studio_id is not null) ls on ls.settlement_trainer_id = st.id
       join studio s on s.id = ls.studio_id
      where st.settlement_id = ?
        and (st.workflow_state in (select value from jsonb_array_elements_text(?::jsonb))
             or exists (select 1 from review_row rr where rr.settlement_trainer_id = st.id))`,
    [settlement.id, settlement.id, JSON.stringify(PREVIEW_SENT_STATES)],
  );
  const approvals = await currentApprovals(em, [...new Set(rows.map((row) => row.id))]);
  // Whether each credit note may be issued, as the issue step will decide it.
  const billing = await readBillingFacts(em, { studioGroupId: settlement.studioGroup.id, settlementId: settlement.id, trainerIds: [...new Set(rows.map((row) => row.trainer_id))] });
  const refusalsOf = new Map(billing.map((fact) => [fact.trainer_id, billingEligibility(billingFactsOf(fact, { inSettlement: true })).reasons]));
  const locations = new Map<string, string>();
  const trainers = rows.map((row) => {
    locations.set(row.location_uuid, row.location_name);
    const { snapshot, displayName, name } = trainerNamesOf(row);
    // The snapshot is what the credit note prints; without one, the live record.
    const check = checkTrainerData(trainerDataOf(row, snapshot));
    const current = approvals.get(row.id)!;
    const trainer: TPreviewCheckTrainer = {
      trainer_uuid: row.trainer_uuid,
      trainer_id: row.trainer_id,
      trainer_company_name: displayName,
      trainer_name: name,
      location_uuid: row.location_uuid,
      workflow_state: row.workflow_state,
      has_comments: row.has_comments,
      approved_by_company: current.company ? 'true' : 'false',
      approved_by_trainer: current.trainer ? 'true' : 'false',
      trainer_data_complete: check.complete,
      trainer_account_connected: row.account_connected,
      billing_refusals: refusalsOf.get(row.trainer_id) ?? [],
    };
    return { trainer, locationName: row.location_name };
  });
  trainers.sort(
    (a, b) =>
      a.locationName.localeCompare(b.locationName, 'de') ||
      a.trainer.location_uuid.localeCompare(b.trainer.location_uuid) ||
      a.trainer.trainer_company_name.localeCompare(b.trainer.trainer_company_name, 'de', { sensitivity: 'base' }) ||
      a.trainer.trainer_id - b.trainer.trainer_id,
  );
  return {
    settlementUuid: settlement.uuid,
    settlementMonth: isoDateOf(settlement.month),
    locations: [...locations]
      .map(([location_uuid, location_name]) => ({ location_uuid, location_name }))
      .sort((a, b) => a.location_name.localeCompare(b.location_name, 'de') || a.location_uuid.localeCompare(b.location_uuid)),
    trainers: trainers.map((item) => item.trainer),
  };
}

/** GET /settlement/trainer-preview/{settlementUuid}/approved: company-approved trainers whose credit note is not sent yet. */
export async function approvedTrainers(em: EntityManager, settlement: Settlement): Promise<TApprovedTrainersResponse> {
  const rows = await sql<TrainerNameSql & { workflow_state: TTrainerWorkflowState; sum_gross: number }>(
    em,
    `select ${TRAINER_NAME_COLUMNS}, st.workflow_state,
            (select coalesce(sum(l.gross_cents), 0)::int from settlement_line l where l.settlement_trainer_id = st.id) as sum_gross
       from settlement_trainer st
       join trainer t on t.id = st.trainer_id
      where st.settlement_id = ? and st.workflow_state <> 'credit_note_send'
        and (select a.approved from approval a where a.settlement_trainer_id = st.id and a.kind = 'company'
              order by a.created_at desc, a.id desc limit 1) is true`,
    [settlement.id],
  );
  const trainers = rows
    .map((row) => {
      const { displayName, name } = trainerNamesOf(row);
      return { trainer_uuid: row.trainer_uuid, TrainerID: row.trainer_id, trainer_company_name: displayName, trainer_name: name, workflow_state: row.workflow_state, sum_gross: centsToEuros(row.sum_gross) };
    })
    .sort((a, b) => a.trainer_company_name.localeCompare(b.trainer_company_name, 'de', { sensitivity: 'base' }) || a.TrainerID - b.TrainerID);
  return { trainers };
}
