import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import type { Settlement } from '../../../db/entities';
import { trainerTurnovers } from '../../../db/queries/small-business-turnover';
import { SMALL_BUSINESS_LIMITS, smallBusinessCheck } from '../../../domain/accounting/small-business';
import { translate, type Locale } from '../../../domain/messages';
import { centsToEuros } from '../../../domain/money';
import { trainerDisplayName, type TrainerSnapshot } from '../../../domain/trainer-data';
import type { TSmallBusinessLimitsResponse } from '../../../contracts/accounting-handoff.contract';
import { writeSettlementLog } from '../../../db/writes/settlement-log';
import { HttpError } from '../../http/errors';

// The small-business limits (§19 UStG) in the billing step: for each trainer of the settlement
// billed without VAT, what the platform billed their account this year and last (every studio
// group), plus what this settlement is about to bill. Passing the current year's limit must be
// confirmed by the admin with the run (`confirmSmallBusinessLimit`), else the run is refused (422)
// before anything is numbered.

/** The year credit notes are issued in now (the settlement's credit notes carry today's date, Berlin time). */
export const issueYear = (now: Date = new Date()) => DateTime.fromJSDate(now, { zone: 'Europe/Berlin' }).year;

type SmallBusinessTrainer = TSmallBusinessLimitsResponse['trainers'][number] & { blockingCents: number };

/** The settlement's trainers billed without VAT (their frozen data says so), those of `trainerUuids` when given. */
async function exemptTrainers(em: EntityManager, settlement: Settlement, trainerUuids?: readonly string[]) {
  return em.getConnection().execute<Array<{ trainer_id: number; uuid: string; snapshot: TrainerSnapshot | null; firstname: string | null; lastname: string | null; company_name: string | null; source_id: string; pending_cents: number }>>(
    `select t.id as trainer_id, t.uuid, st.trainer_snapshot as snapshot, t.firstname, t.lastname, t.company_name, t.source_id,
            case when st.workflow_state in ('credit_note_created', 'credit_note_send') then 0 else st.sum_net_cents end as pending_cents
       from settlement_trainer st join trainer t on t.id = st.trainer_id
      where st.settlement_id = ?
        and coalesce((st.trainer_snapshot->>'vatLiable')::boolean, t.vat_liable) = false
        ${trainerUuids ? 'and t.uuid in (select value::uuid from jsonb_array_elements_text(?::jsonb))' : ''}
      order by t.lastname, t.firstname, t.id`,
    trainerUuids ? [settlement.id, JSON.stringify(trainerUuids)] : [settlement.id],
  );
}

export async function smallBusinessLimits(em: EntityManager, settlement: Settlement, trainerUuids?: readonly string[]): Promise<{ year: number; trainers: SmallBusinessTrainer[] }> {
  const year = issueYear();
  const rows = await exemptTrainers(em, settlement, trainerUuids);
  const turnovers = await trainerTurnovers(
    em,
    rows.map((row) => row.trainer_id),
    year,
  );
  const trainers = rows.map((row) => {
    const turnover = turnovers.get(row.trainer_id) ?? { previousYearCents: 0, currentYearCents: 0 };
    const check = smallBusinessCheck({ previousYearCents: turnover.previousYearCents, currentYearCents: turnover.currentYearCents, pendingCents: Number(row.pending_cents) });
    return {
      trainerUuid: row.uuid,
      name: trainerDisplayName({ companyName: row.company_name, firstname: row.firstname, lastname: row.lastname, sourceId: row.source_id }),
      previousYear: centsToEuros(check.previousYearCents),
      currentYearBilled: centsToEuros(turnover.currentYearCents),
      pending: centsToEuros(Number(row.pending_cents)),
      currentYear: centsToEuros(check.currentYearCents),
      previousYearLevel: check.previousYear,
      currentYearLevel: check.currentYear,
      blocking: check.blocking && Number(row.pending_cents) > 0,
      blockingCents: check.currentYearCents,
    };
  });
  return { year, trainers };
}

/** GET …/small-business-limits: every trainer of the settlement billed without VAT, with the figures. */
export async function smallBusinessLimitsAnswer(em: EntityManager, settlement: Settlement): Promise<TSmallBusinessLimitsResponse> {
  const { year, trainers } = await smallBusinessLimits(em, settlement);
  return {
    year,
    limits: { previousYear: centsToEuros(SMALL_BUSINESS_LIMITS.previousYearCents), currentYear: centsToEuros(SMALL_BUSINESS_LIMITS.currentYearCents), nearPercent: SMALL_BUSINESS_LIMITS.nearPercent },
    trainers: trainers.map(({ blockingCents: _cents, ...trainer }) => trainer),
  };
}

/**
 * Before a credit-note run: a selected trainer billed without VAT whose billing passes the current
 * year's limit needs the admin's confirmation (422 naming them, nothing started); confirmed, the
 * settlement log says who was billed without VAT on the admin's word.
 */
export async function assertSmallBusinessConfirmed(em: EntityManager, settlement: Settlement, { trainerUuids, confirmed, runUuid, locale }: { trainerUuids: string[]; confirmed: boolean; runUuid: string; locale: Locale }) {
  const { trainers } = await smallBusinessLimits(em, settlement, trainerUuids);
  const blocking = trainers.filter((trainer) => trainer.blocking);
  if (blocking.length === 0) return;
  const names = blocking.map((trainer) => `${trainer.name} (${trainer.currentYear.toLocaleString(locale === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency: 'EUR' })})`).join(', ');
  if (!confirmed) throw new HttpError(422, 'smallBusiness.confirmRequired', 'confirmSmallBusinessLimit', { trainers: names });
  await em.fork().transactional(async (tem) => {
    await writeSettlementLog(tem, settlement, [
      {
        eventKey: `small-business-confirmed:${runUuid}`,
        proc: 'credit_note',
        trainerUuid: null,
        status: 'warning',
        message: translate(locale, 'smallBusiness.confirmedLog', { trainers: names }),
      },
    ]);
  });
}
