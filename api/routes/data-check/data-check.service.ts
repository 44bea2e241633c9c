import { DateTime } from 'luxon';
import { PaymentTypeRule, type StudioGroup } from '../../../db/entities';
import { paymentRuleInputOf } from '../../../db/payment-rule-input';
import { berlinDateOf, checkClasses } from '../../../domain/pay';
import { SETTLEMENT_TIME_ZONE } from '../../../domain/settlement/month';
import { monthClassesWithNames } from '../../../db/queries/month-classes';
import { TRAINER_RECORD_COLUMNS, trainerDataOf, type TrainerRecordSql } from '../../../db/queries/trainer-data';
import { checkTrainerData, trainerDisplayName } from '../../../domain/trainer-data';
import { billingEligibility } from '../../../domain/credit-notes';
import { billingFactsOf, readBillingFacts } from '../../../db/queries/billing-facts';
import type { TDataCheckResult, TUncheckedTrainer } from '../../../contracts/trainer-overview.contract';
import { requestEntityManager } from '../../http/entity-manager';

// The data check (spec admin 2.19, 3 "Data check result", 7): what keeps the group's next month
// close from going through, in three lists — trainers to check (incomplete billing data, data
// changes staff have not reviewed, an IBAN change not approved, no self-billing consent with this
// group, missing or expired mandatory documents), the last complete month's classes no payment type rule pays, and the studio group
// settings a month close needs and lacks.

type TrainerRow = TrainerRecordSql & { workflow_state: string };

type DocumentGapRow = { trainer_id: number; category_name: string; expired: boolean };

/** The last complete month (its last day) in Germany. */
export function lastCompleteMonth(now: Date = new Date()): string {
  return DateTime.fromJSDate(now, { zone: SETTLEMENT_TIME_ZONE }).startOf('month').minus({ days: 1 }).toISODate()!;
}

async function uncheckedTrainers(group: StudioGroup): Promise<TUncheckedTrainer[]> {
  const em = requestEntityManager();
  const trainers = await em.execute<TrainerRow[]>(
    `select ${TRAINER_RECORD_COLUMNS}, t.workflow_state
       from trainer t where t.studio_group_id = ?`,
    [group.id],
  );
  // Mandatory categories a linked trainer has no valid document for: none uploaded (or only
  // rejected ones), or only expired ones. Trainers without an account cannot upload and are not asked.
  const gaps = await em.execute<DocumentGapRow[]>(
    `select sgt.trainer_id, dc.name as category_name,
            exists (select 1 from document d where d.trainer_account_id = sgt.trainer_account_id and d.studio_group_id = dc.studio_group_id
                       and d.category_id = dc.id and d.approval_status <> 'rejected' and d.expires_at < current_date) as expired
       from studio_group_trainer sgt
       join document_category dc on dc.studio_group_id = sgt.studio_group_id and dc.is_mandatory
      where sgt.studio_group_id = ?
        and not exists (select 1 from document d where d.trainer_account_id = sgt.trainer_account_id and d.studio_group_id = dc.studio_group_id
                          and d.category_id = dc.id and d.approval_status <> 'rejected' and (d.expires_at is null or d.expires_at >= current_date))`,
    [group.id],
  );
  const gapsOf = new Map<number, DocumentGapRow[]>();
  for (const gap of gaps) gapsOf.set(gap.trainer_id, [...(gapsOf.get(gap.trainer_id) ?? []), gap]);

  // Whether each may be paid by credit note in this group, as the month close will decide it.
  const billing = new Map(
    (await readBillingFacts(em, { studioGroupId: group.id, trainerIds: trainers.map((trainer) => trainer.id) })).map((fact) => [fact.trainer_id, billingEligibility(billingFactsOf(fact, { inSettlement: false }))]),
  );

  const result: TUncheckedTrainer[] = [];
  for (const trainer of trainers) {
    const reasons: TUncheckedTrainer['reasons'] = [];
    const check = checkTrainerData(trainerDataOf(trainer));
    const refusals = billing.get(trainer.id)?.reasons ?? [];
    // An employee is paid through payroll: their billing facts do not hold up a month close.
    const byCreditNote = !refusals.includes('employee');
    if (byCreditNote && refusals.includes('incompleteData')) reasons.push('incompleteData');
    if (trainer.workflow_state === 'changed') reasons.push('changedData');
    if (byCreditNote && refusals.includes('ibanNotApproved')) reasons.push('ibanNotApproved');
    if (byCreditNote && refusals.includes('noConsent')) reasons.push('noConsent');
    const documentGaps = gapsOf.get(trainer.id) ?? [];
    if (documentGaps.some((gap) => !gap.expired)) reasons.push('missingDocument');
    if (documentGaps.some((gap) => gap.expired)) reasons.push('expiredDocument');
    if (reasons.length === 0) continue;
    result.push({
      id: trainer.id,
      name: trainerDisplayName({ companyName: trainer.company_name, firstname: trainer.firstname, lastname: trainer.lastname, sourceId: trainer.source_id }),
      trainerUuid: trainer.uuid,
      reasons,
      missing: trainer.is_employee ? [] : check.missing,
      documents: documentGaps.map((gap) => gap.category_name).sort((a, b) => a.localeCompare(b, 'de')),
    });
  }
  return result.sort((a, b) => a.name.localeCompare(b.name, 'de') || a.id - b.id);
}

async function classesWithoutRule(group: StudioGroup, month: string): Promise<TDataCheckResult['CALLCHECKER']['class_without_rule']> {
  const em = requestEntityManager();
  const classes = await monthClassesWithNames(em, { studioGroupId: group.id, month });
  const rules = (await em.find(PaymentTypeRule, { studioGroup: group })).map(paymentRuleInputOf);
  const byId = new Map(classes.map((item) => [item.facts.id, item]));
  return checkClasses(classes.map((item) => item.facts), rules).withoutRule.map((item) => {
    const { facts, studioName, trainer } = byId.get(item.id)!;
    return {
      class: facts.name,
      id: facts.id,
      class_date: berlinDateOf(facts.startsAt),
      studio_name: studioName,
      category: facts.category,
      trainer_name: trainer ? trainerDisplayName(trainer) : null,
      trainer_id: facts.trainerId,
    };
  });
}

/** What a month close needs of the group: the paying account, a tax number or VAT ID, the address, the accountant's e-mail. */
function studioGroupGaps(group: StudioGroup): TDataCheckResult['CALLCHECKER']['studio_group'] {
  const blank = (value: string | null | undefined) => !value || value.trim() === '';
  const missing: TDataCheckResult['CALLCHECKER']['studio_group'][number]['missing'] = [];
  if (blank(group.companyName)) missing.push('companyName');
  if (blank(group.iban)) missing.push('iban');
  if (blank(group.bic)) missing.push('bic');
  if (blank(group.taxNumber) && blank(group.vatId)) missing.push('taxNumberOrVatId');
  if ([group.street, group.houseNumber, group.postalCode, group.city].some(blank)) missing.push('address');
  if (blank(group.accountingEmail)) missing.push('accountingEmail');
  return missing.length > 0 ? [{ studio_group_name: group.name, missing }] : [];
}

export async function dataCheck(group: StudioGroup, now: Date = new Date()): Promise<TDataCheckResult> {
  const month = lastCompleteMonth(now);
  const em = requestEntityManager();
  await em.refresh(group);
  const [unchecked, withoutRule] = [await uncheckedTrainers(group), await classesWithoutRule(group, month)];
  return { CALLCHECKER: { unchecked_trainer: unchecked, class_without_rule: withoutRule, studio_group: studioGroupGaps(group) }, month };
}
