import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { StudioGroup, Trainer, TrainerMergeLog, User } from '../../../db/entities';
import { trainerDisplayName } from '../../../domain/trainer-data';
import { conflict, notFound } from '../../http/errors';
import { requestEntityManager } from '../../http/entity-manager';

// The trainer merge (spec admin 2.21): the second record is merged into the first, in ONE
// transaction — its classes (as main or other trainer), rules narrowed to it, admin positions,
// settlement rows (its history) with their credit notes, invitations and the account link move to
// the kept trainer; issued credit notes keep their numbers (and their stored documents) and now
// point to the kept trainer; the merged record's source id stays as an alias of the kept one (the
// import resolves it). A settlement both are in gets one row for the kept trainer (the two joined).
// Refused when both have lines in the same open settlement, when two credit notes of one run would
// share a row, or when both are linked to different trainer accounts (that would join two people).
// An audit row says who merged what.

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

/** Every single-column foreign key to the table (plain identifiers only, so they can be quoted into SQL). */
async function referencesTo(em: EntityManager, target: 'trainer' | 'settlement_trainer'): Promise<Array<{ table: string; column: string }>> {
  const rows = await em.execute<Array<{ table_name: string; column_name: string }>>(
    `select cl.relname as table_name, att.attname as column_name
       from pg_constraint con
       join pg_class cl on cl.oid = con.conrelid
       join pg_attribute att on att.attrelid = con.conrelid and att.attnum = con.conkey[1]
      where con.contype = 'f' and con.confrelid = ?::regclass and array_length(con.conkey, 1) = 1`,
    [target],
  );
  return rows.filter((row) => /^[a-z_][a-z0-9_]*$/.test(row.table_name) && /^[a-z_][a-z0-9_]*$/.test(row.column_name)).map((row) => ({ table: row.table_name, column: row.column_name }));
}

export async function mergeTrainers(group: StudioGroup, userId: number, keptUuid: string, mergedUuid: string): Promise<MergeResult> {
  return requestEntityManager().transactional(async (em) => {
    // Locked in id order, so two merges of the same pair the other way round cannot deadlock.
    const [first, second] = [keptUuid, mergedUuid].sort();
    const lockedFirst = await lockTrainer(em, group, first!, first === keptUuid ? 'trainerOverview.notFound' : 'trainerOverview.merge.notFound');
    const lockedSecond = await lockTrainer(em, group, second!, second === keptUuid ? 'trainerOverview.notFound' : 'trainerOverview.merge.notFound');
    const kept = lockedFirst.uuid === keptUuid.toLowerCase() ? lockedFirst : lockedSecond;
    const merged = kept === lockedFirst ? lockedSecond : lockedFirst;

    // Settlements both records are in: refused only while both have lines in an open one (the
    // admin removes one first). Otherwise the two rows are joined into one, as a trainer has one row
    // per settlement: an empty row (no lines, no credit note) is dropped, else the row that stays
    // takes the other's lines, review rows, comments, approvals, credit notes and sums. Two credit
    // notes of one run cannot share a row (one per trainer, run and type): refused with its month.
    const common = await em.execute<Array<{ month: string; status: string; kept_row: number; merged_row: number; kept_lines: boolean; merged_lines: boolean; kept_empty: boolean; merged_empty: boolean; same_run: boolean }>>(
      `select to_char(s.month, 'MM/YYYY') as month, s.status, a.id as kept_row, b.id as merged_row,
              exists (select 1 from settlement_line l where l.settlement_trainer_id = a.id) as kept_lines,
              exists (select 1 from settlement_line l where l.settlement_trainer_id = b.id) as merged_lines,
              not exists (select 1 from settlement_line l where l.settlement_trainer_id = a.id) and not exists (select 1 from credit_note cn where cn.settlement_trainer_id = a.id) as kept_empty,
              not exists (select 1 from settlement_line l where l.settlement_trainer_id = b.id) and not exists (select 1 from credit_note cn where cn.settlement_trainer_id = b.id) as merged_empty,
              exists (select 1 from credit_note x join credit_note y on y.settlement_run_id = x.settlement_run_id and y.document_type = x.document_type
                       where x.settlement_trainer_id = a.id and y.settlement_trainer_id = b.id) as same_run
         from settlement_trainer a
         join settlement_trainer b on b.settlement_id = a.settlement_id
         join settlement s on s.id = a.settlement_id
        where a.trainer_id = ? and b.trainer_id = ?
        order by s.month`,
      [kept.id, merged.id],
    );
    const open = common.find((row) => row.status === 'in_progress' && row.kept_lines && row.merged_lines);
    if (open) throw conflict('trainerOverview.merge.openSettlement', { month: open.month });
    const sameRun = common.find((row) => row.same_run);
    if (sameRun) throw conflict('trainerOverview.merge.sameRun', { month: sameRun.month });

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
    moved.joinedSettlements = 0;
    if (common.length > 0) {
      const rowReferences = await referencesTo(em, 'settlement_trainer');
      for (const row of common) {
        // The row with content stays (the kept record's when both have some).
        const [stays, goes, goesEmpty] = row.kept_empty && !row.merged_empty ? [row.merged_row, row.kept_row, true] : [row.kept_row, row.merged_row, row.merged_empty];
        if (!goesEmpty) {
          await em.execute('delete from review_row r where r.settlement_trainer_id = ? and exists (select 1 from review_row k where k.settlement_trainer_id = ? and k.row_id = r.row_id)', [goes, stays]);
          for (const { table, column } of rowReferences) {
            await em.execute(`update "${table}" set "${column}" = ? where "${column}" = ?`, [stays, goes]);
          }
          await em.execute(
            `update settlement_trainer k set sum_net_cents = k.sum_net_cents + g.sum_net_cents, sum_vat_cents = k.sum_vat_cents + g.sum_vat_cents,
                    sum_gross_cents = k.sum_gross_cents + g.sum_gross_cents, updated_at = now()
               from settlement_trainer g where k.id = ? and g.id = ?`,
            [stays, goes],
          );
        }
        // An empty row's approvals, review rows and comments concern nothing and go with it.
        await em.execute('delete from settlement_trainer where id = ?', [goes]);
        moved.joinedSettlements++;
      }
    }
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
    for (const { table, column } of await referencesTo(em, 'trainer')) {
      if (handled.has(`${table}.${column}`)) continue;
      moved[table] = (moved[table] ?? 0) + (await count(em, `update "${table}" set "${column}" = ? where "${column}" = ?`, params));
    }

    // The source system still sends the merged record's id: the import resolves it to the kept
    // trainer from now on instead of creating the merged-away record again (its own aliases moved
    // with the references above).
    moved.sourceAliases = await count(
      em,
      `insert into trainer_source_alias (studio_group_id, source_id, trainer_id, created_at) values (?, ?, ?, now())
       on conflict (studio_group_id, source_id) do update set trainer_id = excluded.trainer_id`,
      [group.id, merged.sourceId, kept.id],
    );

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
