import { z } from 'zod';
import { PaymentTypeRule, Studio, Trainer, type StudioGroup } from '../../../db/entities';
import { trainerIdsBySourceId } from '../../../db/master-data';
import { SELF_BILLING_CONSENT_SQL } from '../../../db/queries/billing-facts';
import { monthInstants } from '../../../domain/settlement/month';
import { trainerDisplayName } from '../../../domain/trainer-data';
import { isValidBic, isValidGermanPostalCode, isValidIban, isValidVatId } from '../../../domain/validation';
import { translate, type Locale } from '../../../domain/messages';
import {
  COMPANY_DATA_FIELDS,
  type TBulkInvitationAnswer,
  type TFirstMonthChecklist,
  type TFirstMonthInvitee,
  type TFirstMonthItemState,
} from '../../../contracts/first-month.contract';
import type { LinkDeps } from '../account-links/invitations.service';
import { inviteTrainer } from '../account-links/invitations.service';
import { dataCheck, lastCompleteMonth } from '../data-check/data-check.service';
import { HttpError } from '../../http/errors';
import { requestEntityManager } from '../../http/entity-manager';
import type { TrainerCsvRow } from './first-month.trainer-csv';

// The first month of a new studio group (docs/decisions/0135): a checklist read from the group's
// real records — the data check's numbers, the invitations, the settlements — the trainer CSV's
// upsert and the bulk invitation, which sends the admin trainer page's own invitation per trainer.

type InviteeRow = {
  uuid: string;
  firstname: string | null;
  lastname: string | null;
  company_name: string | null;
  source_id: string;
  email: string | null;
  connected: boolean;
  invitation_status: 'pending' | 'accepted' | 'declined' | 'revoked' | null;
  invited_at: Date | string | null;
  responded_at: Date | string | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const blank = (value: string | null | undefined) => !value || value.trim() === '';

/** Every trainer record of the group with its portal state: linked, else its latest invitation's. */
async function invitees(group: StudioGroup): Promise<TFirstMonthInvitee[]> {
  const rows = await requestEntityManager().execute<InviteeRow[]>(
    `select t.uuid, t.firstname, t.lastname, t.company_name, t.source_id, t.email,
            exists (select 1 from studio_group_trainer sgt where sgt.trainer_id = t.id) as connected,
            i.status as invitation_status, i.created_at as invited_at, i.responded_at
       from trainer t
       left join lateral (select status, created_at, responded_at from invitation
                           where trainer_id = t.id order by created_at desc, id desc limit 1) i on true
      where t.studio_group_id = ?`,
    [group.id],
  );
  return rows
    .map((row) => ({
      trainerUuid: row.uuid,
      name: trainerDisplayName({ companyName: row.company_name, firstname: row.firstname, lastname: row.lastname, sourceId: row.source_id }),
      email: blank(row.email) ? null : row.email,
      state: row.connected
        ? ('accepted' as const)
        : row.invitation_status === null
          ? ('notInvited' as const)
          : row.invitation_status === 'accepted'
            ? ('disconnected' as const)
            : row.invitation_status,
      invitedAt: iso(row.invited_at),
      respondedAt: iso(row.responded_at),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'de'));
}

const stateOf = ({ done, started }: { done: boolean; started: boolean }): TFirstMonthItemState => (done ? 'done' : started ? 'attention' : 'open');

/** GET /api/v1/{g}/first-month: what the group has and lacks for its first month close. */
export async function firstMonthChecklist(group: StudioGroup, now: Date = new Date()): Promise<TFirstMonthChecklist> {
  const em = requestEntityManager();
  const month = lastCompleteMonth(now);
  const check = await dataCheck(group, now);
  const { start, end } = monthInstants(month);

  const missingNow = new Set(check.CALLCHECKER.studio_group[0]?.missing ?? []);
  const companyMissing = COMPANY_DATA_FIELDS.filter((field) => missingNow.has(field));
  const invalid: TFirstMonthChecklist['items']['companyData']['invalid'] = [];
  if (!blank(group.iban) && !isValidIban(group.iban)) invalid.push('iban');
  if (!blank(group.bic) && !isValidBic(group.bic)) invalid.push('bic');
  if (!blank(group.vatId) && !isValidVatId(group.vatId!, group.country)) invalid.push('vatId');
  if (group.country === 'DE' && !blank(group.postalCode) && !isValidGermanPostalCode(group.postalCode)) invalid.push('postalCode');
  if (!blank(group.accountingEmail) && !z.email().safeParse(group.accountingEmail!.trim()).success) invalid.push('accountingEmail');

  const [studios, rules] = [await em.count(Studio, { studioGroup: group }), await em.count(PaymentTypeRule, { studioGroup: group })];
  const [classCount] = await em.execute<{ count: string }[]>('select count(*) as count from studio_class where studio_group_id = ? and starts_at >= ? and starts_at < ?', [group.id, start, end]);
  const classes = Number(classCount?.count ?? 0);
  const [consent] = await em.execute<{ with_consent: string; without_consent: string }[]>(
    `select count(*) filter (where ${SELF_BILLING_CONSENT_SQL}) as with_consent, count(*) filter (where not ${SELF_BILLING_CONSENT_SQL}) as without_consent
       from trainer t where t.studio_group_id = ? and not t.is_employee`,
    [group.id, group.id, group.id, group.id, group.id],
  );
  const [withConsent, withoutConsent] = [Number(consent?.with_consent ?? 0), Number(consent?.without_consent ?? 0)];
  const [settlements] = await em.execute<{ closed_uuid: string | null; closed_month: string | null; open_uuid: string | null; open_month: string | null; credit_notes: string }[]>(
    `select (select uuid from settlement where studio_group_id = ? and status in ('completed', 'archived') order by month, id limit 1) as closed_uuid,
            (select month::text from settlement where studio_group_id = ? and status in ('completed', 'archived') order by month, id limit 1) as closed_month,
            (select uuid from settlement where studio_group_id = ? and status = 'in_progress' order by month, id limit 1) as open_uuid,
            (select month::text from settlement where studio_group_id = ? and status = 'in_progress' order by month, id limit 1) as open_month,
            (select count(*) from credit_note where studio_group_id = ? and document_type = 'credit_note') as credit_notes`,
    [group.id, group.id, group.id, group.id, group.id],
  );
  const creditNotes = Number(settlements?.credit_notes ?? 0);
  const people = await invitees(group);
  const withEmail = people.filter((person) => person.email !== null).length;
  const count = (state: TFirstMonthInvitee['state']) => people.filter((person) => person.state === state).length;
  const [invited, accepted] = [count('pending'), count('accepted')];
  const notInvitedWithEmail = people.filter((person) => person.state === 'notInvited' && person.email !== null).length;
  const classesWithoutRule = check.CALLCHECKER.class_without_rule.length;
  const trainersWithIncompleteData = check.CALLCHECKER.unchecked_trainer.filter((trainer) => trainer.reasons.includes('incompleteData')).length;
  const closed = settlements?.closed_uuid != null;

  const items: TFirstMonthChecklist['items'] = {
    companyData: { state: stateOf({ done: companyMissing.length === 0 && invalid.length === 0, started: !blank(group.companyName) }), link: 'admin/settings', missing: companyMissing, invalid },
    sourceSystem: { state: stateOf({ done: studios > 0, started: false }), link: 'admin/import/ondemand', sourceSystem: group.sourceSystem, studios },
    trainers: {
      state: stateOf({ done: people.length > 0 && withEmail === people.length, started: people.length > 0 }),
      link: 'admin/trainers',
      trainers: people.length,
      withEmail,
      withoutEmail: people.length - withEmail,
    },
    classes: { state: stateOf({ done: classes > 0, started: false }), link: 'admin/import/ondemand', month, classes },
    payRules: {
      state: stateOf({ done: classes > 0 && rules > 0 && classesWithoutRule === 0 && trainersWithIncompleteData === 0, started: classes > 0 && rules > 0 }),
      link: rules === 0 ? 'admin/payment-type-rules' : 'admin/data-check',
      month,
      rules,
      classesWithoutRule,
      trainersWithIncompleteData,
    },
    invitations: {
      state: stateOf({ done: invited + accepted > 0 && notInvitedWithEmail === 0, started: invited + accepted > 0 }),
      link: 'admin/first-month#invitations',
      invited,
      accepted,
      notInvitedWithEmail,
      withoutEmail: people.length - withEmail,
      people,
    },
    selfBillingConsent: {
      state: stateOf({ done: withConsent > 0 && withoutConsent === 0, started: withConsent > 0 }),
      link: 'admin/data-check',
      withConsent,
      withoutConsent,
    },
    firstSettlement: {
      state: closed ? (creditNotes > 0 ? 'done' : 'attention') : 'open',
      link: closed || !settlements?.open_uuid ? 'admin/settlements' : `admin/settlement/wizard/${settlements.open_uuid}`,
      status: closed ? 'closed' : settlements?.open_uuid ? 'inProgress' : 'none',
      settlementUuid: settlements?.closed_uuid ?? settlements?.open_uuid ?? null,
      settlementMonth: (settlements?.closed_month ?? settlements?.open_month ?? null)?.slice(0, 10) ?? null,
      creditNotes,
    },
  };
  const complete = Object.values(items).every((item) => item.state === 'done');
  const showInNavigation = !complete && !closed;
  return { month, complete, showInNavigation, landHere: showInNavigation && (companyMissing.length > 0 || people.length === 0), items };
}

/** POST /api/v1/{g}/trainers/csv, once the whole file passed: creates and updates in one transaction. */
export async function saveTrainerRows(group: StudioGroup, rows: TrainerCsvRow[]): Promise<{ created: number; updated: number }> {
  return requestEntityManager().transactional(async (em) => {
    // A source id a merge folded into another record (trainer_source_alias) updates the kept record.
    const ids = await trainerIdsBySourceId(em, group, rows.map((row) => row.sourceId));
    const stored = new Map((await em.find(Trainer, { id: { $in: [...ids.values()] }, studioGroup: group })).map((trainer) => [trainer.id, trainer]));
    let [created, updated] = [0, 0];
    for (const row of rows) {
      const id = ids.get(row.sourceId);
      const trainer = id === undefined ? undefined : stored.get(id);
      if (trainer) {
        em.assign(trainer, row.values);
        updated++;
      } else {
        em.create(Trainer, { studioGroup: group, sourceId: row.sourceId, firstname: null, lastname: null, ...row.values });
        created++;
      }
    }
    await em.flush();
    return { created, updated };
  });
}

/** The group's stored trainers by source id (merged-away ids included), for the parser's "blank keeps" rule. */
export async function knownTrainers(group: StudioGroup): Promise<Map<string, { country: string | null }>> {
  const rows = await requestEntityManager().execute<{ source_id: string; country: string | null }[]>(
    `select t.source_id, t.country from trainer t where t.studio_group_id = ?
     union all
     select a.source_id, t.country from trainer_source_alias a join trainer t on t.id = a.trainer_id where a.studio_group_id = ?`,
    [group.id, group.id],
  );
  return new Map(rows.map((row) => [row.source_id, { country: row.country }]));
}

const SKIP_REASON_OF: Record<string, TBulkInvitationAnswer['skipped'][number]['reason']> = {
  'account.invitation.alreadyConnected': 'alreadyConnected',
  'account.invitation.alreadyPending': 'alreadyPending',
  'account.invitation.staffAddress': 'staffAddress',
  'account.invitation.accountConnectedHere': 'accountConnectedHere',
  'masterData.trainerNotFound': 'notFound',
};
const SKIP_MESSAGE_OF: Record<TBulkInvitationAnswer['skipped'][number]['reason'], string> = {
  noEmail: 'firstMonth.invitations.noEmail',
  notFound: 'firstMonth.invitations.notFound',
  alreadyConnected: 'account.invitation.alreadyConnected',
  alreadyPending: 'account.invitation.alreadyPending',
  staffAddress: 'account.invitation.staffAddress',
  accountConnectedHere: 'account.invitation.accountConnectedHere',
};

/**
 * Invites each trainer with the admin trainer page's invitation (decision 0021): one pending
 * invitation per trainer record, so a second call finds them pending and sends nothing twice.
 * Without `trainerUuids`: every trainer record with an e-mail address never invited.
 */
export async function inviteTrainers(deps: LinkDeps, group: StudioGroup, trainerUuids: string[] | undefined, locale: Locale): Promise<Omit<TBulkInvitationAnswer, 'status' | 'message'>> {
  const em = requestEntityManager();
  const people = await invitees(group);
  const byUuid = new Map(people.map((person) => [person.trainerUuid, person]));
  const wanted = trainerUuids ? [...new Set(trainerUuids.map((uuid) => uuid.toLowerCase()))] : people.filter((person) => person.state === 'notInvited' && person.email !== null).map((person) => person.trainerUuid);
  const ids = new Map((await em.find(Trainer, { uuid: { $in: wanted }, studioGroup: group }, { fields: ['id', 'uuid'] })).map((trainer) => [trainer.uuid, trainer.id]));
  const skipped: TBulkInvitationAnswer['skipped'] = [];
  const skip = (trainerUuid: string, reason: TBulkInvitationAnswer['skipped'][number]['reason']) =>
    skipped.push({ trainerUuid, name: byUuid.get(trainerUuid)?.name ?? null, reason, message: translate(locale, SKIP_MESSAGE_OF[reason]) });
  let sent = 0;
  for (const uuid of wanted) {
    const person = byUuid.get(uuid);
    const id = ids.get(uuid);
    if (!person || id === undefined) skip(uuid, 'notFound');
    else if (person.email === null) skip(uuid, 'noEmail');
    else {
      try {
        await inviteTrainer(em, deps, group, id, person.email.trim().toLowerCase());
        sent++;
      } catch (error) {
        const reason = error instanceof HttpError ? SKIP_REASON_OF[error.message] : undefined;
        if (!reason) throw error;
        skip(uuid, reason);
      }
    }
  }
  return { sent, skipped };
}
