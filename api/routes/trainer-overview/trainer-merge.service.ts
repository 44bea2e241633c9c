import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { StudioGroup, Trainer, TrainerMergeLog, User } from '../../../db/entities';
import { trainerDisplayName } from '../../../domain/trainer-data';
import { conflict, notFound } from '../../http/errors';
import { requestEntityManager } from '../master-data/entity-manager';

// The trainer merge (spec admin 2.21): the second record is merged into the first, in ONE
// transaction — its classes (as main or other trainer), rules narrowed to it, admin positions,
// settlement rows (its history) with their credit notes, invitations and the account link move to
// the kept trainer; issued credit notes keep their numbers (and their stored documents) and now
// point to the kept trainer. Refused when both have lines in the same open settlement, when both are
// in another common settlement (its rows cannot be joined), or when both are linked to different
// trainer accounts (that would join two people). An audit row says who merged what.

export type MergeResult = { kept: Trainer; mergedName: string; mergedUuid: string; moved: Record<string, number> };

const TEXT_FIELDS = ['firstname', 'lastname', 'email', 'companyName', 'street', 'houseNumber', 'postalCode', 'city', 'country', 'iban', 'bic', 'taxNumber', 'vatId'] as const;

async function lockTrainer(em: EntityManager, group: StudioGroup, uuid: string, message: string): Promise<Trainer> {
  const trainer = await em.findOne(Trainer, { uuid: uuid.toLowerCase(), studioGroup: group.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!trainer) throw notFound(message);
  return trainer;
}

const count = async (em: EntityManager, sql: string, params: unknown[]) => {
  const rows = await em.execute<Array<{ n: number }>>(`with changed as (${sql} returning 1) select count(*)::int as n from changed`, params);
  return rows[0]?.n ?? 0;
};

export async function mergeTrainers(group: StudioGroup, userId: number, keptUuid: string, mergedUuid: string): Promise<MergeResult> {
  return requestEntityManager().transactional(async (em) => {
    // Locked in id order, so two merges of the same pair the other way round cannot deadlock.
    const [first, second] = [keptUuid, mergedUuid].sort();
    const lockedFirst = await lockTrainer(em, group, first!, first === keptUuid ? 'trainerOverview.notFound' : 'trainerOverview.merge.notFound');
    const lockedSecond = await lockTrainer(em, group, second!, second === keptUuid ? 'trainerOverview.notFound' : 'trainerOverview.merge.notFound');
    const kept = lockedFirst.uuid === keptUuid.toLowerCase() ? lockedFirst : lockedSecond;
    const merged = kept === lockedFirst ? lockedSecond : lockedFirst;

    const common = await em.execute<Array<{ month: string; status: string; both_lines: boolean }>>(
      `select to_char(s.month, 'MM/YYYY') as month, s.status,
              (exists (select 1 from settlement_line l where l.settlement_trainer_id = a.id)
               and exists (select 1 from settlement_line l where l.settlement_trainer_id = b.id)) as both_lines
         from settlement_trainer a
         join settlement_trainer b on b.settlement_id = a.settlement_id
         join settlement s on s.id = a.settlement_id
        where a.trainer_id = ? and b.trainer_id = ? and s.status <> 'deleted'
        order by s.month`,
      [kept.id, merged.id],
    );
    const open = common.find((row) => row.status === 'in_progress' && row.both_lines);
    if (open) throw conflict('trainerOverview.merge.openSettlement', { month: open.month });
    if (common.length > 0) throw conflict('trainerOverview.merge.sameSettlement', { month: common[0]!.month });

    const links = await em.execute<Array<{ id: number; trainer_id: number; trainer_account_id: number }>>(
      'select id, trainer_id, trainer_account_id from studio_group_trainer where trainer_id in (?, ?) for update',
      [kept.id, merged.id],
    );
    const keptLink = links.find((link) => link.trainer_id === kept.id);
    const mergedLink = links.find((link) => link.trainer_id === merged.id);
    if (keptLink && mergedLink && keptLink.trainer_account_id !== mergedLink.trainer_account_id) throw conflict('trainerOverview.merge.twoAccounts');

    const moved: Record<string, number> = {};
    const params = [kept.id, merged.id];
    moved.classes = await count(em, 'update studio_class set trainer_id = ? where trainer_id = ?', params);
    moved.classesAsOtherTrainer = await count(
      em,
      `update studio_class c set other_trainers = (
         select coalesce(jsonb_agg(distinct v), '[]'::jsonb) from (
           select case when x::int = ? then ? else x::int end as v from jsonb_array_elements_text(c.other_trainers) x) m
          where m.v is distinct from c.trainer_id)
        where c.studio_group_id = ? and c.other_trainers @> to_jsonb(array[?::int])`,
      [merged.id, kept.id, group.id, merged.id],
    );
    moved.paymentTypeRules = await count(em, 'update payment_type_rule set trainer_id = ? where trainer_id = ?', params);
    moved.adminPositions = await count(em, 'update admin_position set trainer_id = ? where trainer_id = ?', params);
    moved.settlements = await count(em, 'update settlement_trainer set trainer_id = ? where trainer_id = ?', params);
    moved.creditNotes = await count(em, 'update credit_note set trainer_id = ? where trainer_id = ?', params);
    moved.invitations = await count(em, 'update invitation set trainer_id = ? where trainer_id = ?', params);
    // The settlement logs name trainers by uuid: the history follows the kept record.
    moved.logRows = await count(em, 'update settlement_log set trainer_uuid = ? where trainer_uuid = ?', [kept.uuid, merged.uuid]);
    moved.accountLink = 0;
    if (mergedLink && !keptLink) moved.accountLink = await count(em, 'update studio_group_trainer set trainer_id = ? where id = ?', [kept.id, mergedLink.id]);
    else if (mergedLink) moved.accountLink = await count(em, 'delete from studio_group_trainer where id = ?', [mergedLink.id]);
    moved.mergeLogs = await count(em, 'update trainer_merge_log set kept_trainer_id = ? where kept_trainer_id = ?', params);
    // Any other table that points at a trainer (documents, report lines, … of other features) follows too.
    const handled = new Set(['studio_class.trainer_id', 'payment_type_rule.trainer_id', 'admin_position.trainer_id', 'settlement_trainer.trainer_id', 'credit_note.trainer_id', 'invitation.trainer_id', 'studio_group_trainer.trainer_id', 'trainer_merge_log.kept_trainer_id']);
    const references = await em.execute<Array<{ table_name: string; column_name: string }>>(
      `select cl.relname as table_name, att.attname as column_name
         from pg_constraint con
         join pg_class cl on cl.oid = con.conrelid
         join pg_attribute att on att.attrelid = con.conrelid and att.attnum = con.conkey[1]
        where con.contype = 'f' and con.confrelid = 'trainer'::regclass and array_length(con.conkey, 1) = 1`,
    );
    for (const { table_name: table, column_name: column } of references) {
      if (handled.has(`${table}.${column}`) || !/^[a-z_][a-z0-9_]*$/.test(table) || !/^[a-z_][a-z0-9_]*$/.test(column)) continue;
      moved[table] = (moved[table] ?? 0) + (await count(em, `update "${table}" set "${column}" = ? where "${column}" = ?`, params));
    }

    // What the kept record lacks, the merged one may know: filled in, never overwritten.
    for (const field of TEXT_FIELDS) {
      const value = kept[field];
      if ((value === null || value === undefined || String(value).trim() === '') && merged[field]) (kept as Record<string, unknown>)[field] = merged[field];
    }
    // Keywords of both, the kept record's spelling first.
    const keywords = new Map<string, string>();
    for (const keyword of [...kept.keywords, ...merged.keywords]) if (!keywords.has(keyword.toLocaleLowerCase('de'))) keywords.set(keyword.toLocaleLowerCase('de'), keyword);
    kept.keywords = [...keywords.values()];
    if (!kept.selfBillingAgreementAt && merged.selfBillingAgreementAt) {
      kept.selfBillingAgreementAt = merged.selfBillingAgreementAt;
      kept.selfBillingAgreementBy = merged.selfBillingAgreementBy ?? null;
    }
    // An IBAN change the trainer made on either record still waits for staff.
    if (merged.ibanChangedAt && !kept.ibanChangedAt) kept.ibanChangedAt = merged.ibanChangedAt;
    if (merged.workflowState === 'changed' || kept.workflowState === 'changed') kept.workflowState = 'changed';

    const mergedName = trainerDisplayName(merged);
    em.create(TrainerMergeLog, {
      studioGroup: group.id,
      keptTrainer: kept,
      keptTrainerUuid: kept.uuid,
      mergedTrainerUuid: merged.uuid,
      mergedTrainerSourceId: merged.sourceId,
      mergedTrainerName: mergedName,
      mergedBy: em.getReference(User, userId),
      moved,
    });
    await em.flush();
    em.remove(merged);
    await em.flush();
    return { kept, mergedName, mergedUuid: merged.uuid, moved };
  });
}
