import { z } from 'zod';
import { StudioGroup, Trainer, User } from '../../../db/entities';
import type { AuthContext } from '../../auth/sessions';
import { studioGroupsOf } from '../../auth/tenancy';
import { trainerExportCsv, type TrainerExportRow } from '../../../domain/trainer-data/trainer-export-csv';
import { trainerDisplayName } from '../../../domain/trainer-data';
import { TRAINER_IDENTITY_COLUMNS, type TrainerIdentitySql } from '../../../db/queries/trainer-data';
import type {
  TAdminTrainer,
  TAdminTrainerDetail,
  TAdminTrainerState,
  TTrainerMergeOption,
  TTrainerReviewRequest,
} from '../../../contracts/trainer-overview.contract';
import { HttpError, notFound } from '../../http/errors';
import { requestEntityManager } from '../../http/entity-manager';

// The admin trainer overview (spec admin 2.20, 3 "Admin trainer"), the trainer page's review panel
// (keywords, 'Ist FTE', approve / reject the billing data) and the trainer export (spec 7).

type OverviewSqlRow = TrainerIdentitySql & {
  email: string | null;
  is_employee: boolean;
  keywords: string[] | null;
  workflow_state: TAdminTrainerState;
  updated_at: Date | null;
  iban_changed_at: Date | null;
  account_connected: boolean;
  invited: boolean;
};

const ZEmail = z.email();
export const emailValid = (email: string | null | undefined) => Boolean(email && ZEmail.safeParse(email.trim()).success);

/**
 * workflowState as staff see it: the stored review state, except that a trainer never reviewed who
 * was invited and has no account yet is 'pending' (our rule for the spec's open transitions).
 */
export function shownState(row: Pick<OverviewSqlRow, 'workflow_state' | 'account_connected' | 'invited'>): TAdminTrainerState {
  if (row.workflow_state === 'new' && !row.account_connected && row.invited) return 'pending';
  return row.workflow_state;
}

const OVERVIEW_SELECT = `
  select ${TRAINER_IDENTITY_COLUMNS}, t.email, t.is_employee, t.keywords,
         t.workflow_state, t.updated_at, t.iban_changed_at,
         exists (select 1 from studio_group_trainer sgt where sgt.trainer_id = t.id) as account_connected,
         exists (select 1 from invitation i where i.trainer_id = t.id and i.status = 'pending') as invited
    from trainer t`;

function toAdminTrainer(row: OverviewSqlRow): TAdminTrainer {
  return {
    id: row.id,
    trainerUuid: row.uuid,
    trainerName: trainerDisplayName({ companyName: row.company_name, firstname: row.firstname, lastname: row.lastname, sourceId: row.source_id }),
    isEmployee: row.is_employee,
    trainerEmailValid: emailValid(row.email),
    workflowState: shownState(row),
    trainerAccountConnected: row.account_connected,
    trainerFilters: (row.keywords ?? []).map((name) => ({ name })),
    updatedDt: row.updated_at ? new Date(row.updated_at).toISOString() : null,
    ibanChangePending: row.iban_changed_at !== null,
  };
}

export async function listTrainerOverview(group: StudioGroup): Promise<TAdminTrainer[]> {
  const rows = await requestEntityManager().execute<OverviewSqlRow[]>(`${OVERVIEW_SELECT} where t.studio_group_id = ? order by t.updated_at desc, t.id`, [group.id]);
  return rows.map(toAdminTrainer);
}

/** A trainer of this group by uuid; another group's answers 404 like a missing one. */
export async function findGroupTrainer(group: StudioGroup, trainerUuid: string, message = 'trainerOverview.notFound'): Promise<Trainer> {
  const trainer = await requestEntityManager().findOne(Trainer, { uuid: trainerUuid.toLowerCase(), studioGroup: group });
  if (!trainer) throw notFound(message);
  return trainer;
}

export async function trainerDetail(group: StudioGroup, trainerUuid: string): Promise<TAdminTrainerDetail> {
  const em = requestEntityManager();
  const trainer = await findGroupTrainer(group, trainerUuid);
  const [row] = await em.execute<OverviewSqlRow[]>(`${OVERVIEW_SELECT} where t.id = ?`, [trainer.id]);
  const reviewer = trainer.reviewedBy ? await em.findOne(User, trainer.reviewedBy.id) : null;
  return {
    ...toAdminTrainer(row!),
    ibanChangedAt: trainer.ibanChangedAt ? trainer.ibanChangedAt.toISOString() : null,
    reviewedAt: trainer.reviewedAt ? trainer.reviewedAt.toISOString() : null,
    reviewedBy: reviewer ? `${reviewer.firstname} ${reviewer.lastname}`.trim() : null,
  };
}

/** Keywords (trimmed, case-insensitively unique, in the order given) and 'Ist FTE'. */
export async function saveTrainerSettings(group: StudioGroup, trainerUuid: string, values: { isEmployee: boolean; trainerFilters: Array<{ name: string }> }) {
  const em = requestEntityManager();
  const trainer = await findGroupTrainer(group, trainerUuid);
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const { name } of values.trainerFilters) {
    const key = name.toLocaleLowerCase('de');
    if (seen.has(key)) continue;
    seen.add(key);
    keywords.push(name);
  }
  trainer.keywords = keywords;
  trainer.isEmployee = values.isEmployee;
  await em.flush();
  return { trainer, detail: await trainerDetail(group, trainer.uuid) };
}

/**
 * Staff's review of the billing data: approved (an IBAN the trainer changed becomes payable) or
 * rejected (the change stays unpaid until the data are corrected and approved).
 */
export async function reviewTrainer(group: StudioGroup, trainerUuid: string, userId: number, { decision }: TTrainerReviewRequest) {
  const em = requestEntityManager();
  const trainer = await findGroupTrainer(group, trainerUuid);
  trainer.workflowState = decision;
  trainer.reviewedAt = new Date();
  trainer.reviewedBy = em.getReference(User, userId);
  if (decision === 'approved') trainer.ibanChangedAt = null;
  await em.flush();
  return { trainer, detail: await trainerDetail(group, trainer.uuid) };
}

/** Spec 3 "Trainer merge option": every other trainer of the group, by name. */
export async function mergeOptions(group: StudioGroup): Promise<TTrainerMergeOption[]> {
  const trainers = await requestEntityManager().find(Trainer, { studioGroup: group }, { fields: ['id', 'uuid', 'firstname', 'lastname', 'companyName', 'sourceId', 'email'] });
  return trainers
    .map((trainer) => ({ id: trainer.id, trainerUuid: trainer.uuid, trainerName: trainerDisplayName(trainer), trainerEmail: trainer.email ?? null }))
    .sort((a, b) => a.trainerName.localeCompare(b.trainerName, 'de') || a.id - b.id);
}

/**
 * The CSV of the selected trainers. Every uuid must be a trainer of a group the caller manages (one
 * group per export); a foreign or unknown uuid refuses the whole export (404, nothing leaks).
 */
export async function exportTrainers(auth: AuthContext, trainerUuids: string[]): Promise<{ csv: string; group: StudioGroup }> {
  if (auth.role === 'trainer') throw new HttpError(403, 'auth.staffOnly');
  const em = requestEntityManager();
  const uuids = [...new Set(trainerUuids.map((uuid) => uuid.toLowerCase()))];
  const groups = await studioGroupsOf(auth);
  const groupIds = groups.map((group) => group.id);
  if (groupIds.length === 0) throw notFound('trainerOverview.exportForeign');
  const rows = await em.execute<Array<OverviewSqlRow & Omit<TrainerExportRow, 'vatRateBasisPoints'> & Record<string, unknown>>>(
    `select t.id, t.uuid, t.source_id, t.firstname, t.lastname, t.company_name, t.email, t.street, t.house_number, t.postal_code, t.city, t.country,
            t.iban, t.bic, t.tax_number, t.vat_id, t.vat_liable, t.is_employee, t.keywords, t.workflow_state, t.updated_at, t.iban_changed_at,
            t.studio_group_id,
            exists (select 1 from studio_group_trainer sgt where sgt.trainer_id = t.id) as account_connected,
            exists (select 1 from invitation i where i.trainer_id = t.id and i.status = 'pending') as invited
       from trainer t
      where t.uuid in (select value::uuid from jsonb_array_elements_text(?::jsonb))
        and t.studio_group_id in (select value::int from jsonb_array_elements_text(?::jsonb))`,
    [JSON.stringify(uuids), JSON.stringify(groupIds)],
  );
  if (rows.length !== uuids.length) throw notFound('trainerOverview.exportForeign');
  const groupIdsFound = new Set(rows.map((row) => Number(row.studio_group_id)));
  if (groupIdsFound.size !== 1) throw new HttpError(400, 'trainerOverview.exportMixed', 'trainersExport');
  const group = groups.find((candidate) => candidate.id === [...groupIdsFound][0])!;
  const byUuid = new Map(rows.map((row) => [row.uuid, row]));
  const exportRows: TrainerExportRow[] = uuids.map((uuid) => {
    const row = byUuid.get(uuid)!;
    return {
      sourceId: row.source_id,
      uuid: row.uuid,
      firstname: row.firstname,
      lastname: row.lastname,
      companyName: row.company_name,
      email: row.email,
      street: row.street as string | null,
      houseNumber: row.house_number as string | null,
      postalCode: row.postal_code as string | null,
      city: row.city as string | null,
      country: row.country as string | null,
      iban: row.iban as string | null,
      bic: row.bic as string | null,
      taxNumber: row.tax_number as string | null,
      vatId: row.vat_id as string | null,
      vatLiable: Boolean(row.vat_liable),
      vatRateBasisPoints: group.vatRateBasisPoints,
      isEmployee: row.is_employee,
      workflowState: shownState(row),
      keywords: row.keywords ?? [],
      accountConnected: row.account_connected,
      updatedAt: row.updated_at ? new Date(row.updated_at) : null,
    };
  });
  exportRows.sort((a, b) => trainerDisplayName(a).localeCompare(trainerDisplayName(b), 'de'));
  return { csv: trainerExportCsv(exportRows), group };
}
