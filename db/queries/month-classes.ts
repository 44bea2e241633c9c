import { idArray } from './id-array';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ClassFacts } from '../../domain/pay';
import { monthInstants } from '../../domain/settlement/month';

// A month's classes as the pay engine reads them (ClassFacts): the preparation prices a chunk of
// trainers' classes, the data check looks for classes no payment type rule pays.

type ClassFactsRow = {
  id: number;
  studio_id: number;
  source_id: string;
  /** PostgreSQL's text of the timestamptz (MikroORM leaves dates of raw queries unparsed). */
  starts_at: Date | string;
  name: string;
  category: string | null;
  duration_minutes: number;
  booked_slots: number;
  trainer_id: number | null;
  other_trainers: number[] | null;
};

const CLASS_FACTS_COLUMNS = 'c.id, c.studio_id, c.source_id, c.starts_at, c.name, c.category, c.duration_minutes, c.booked_slots, c.trainer_id, c.other_trainers';

const classFactsOf = (row: ClassFactsRow): ClassFacts => ({
  id: row.id,
  studioId: row.studio_id,
  sourceId: row.source_id,
  startsAt: row.starts_at,
  name: row.name,
  category: row.category,
  durationMinutes: row.duration_minutes,
  bookedSlots: row.booked_slots,
  trainerId: row.trainer_id,
  otherTrainerIds: row.other_trainers ?? [],
});

/** The month's classes whose main trainer is one of `trainerIds`, as the pay engine reads them. */
export async function trainersMonthClasses(em: EntityManager, query: { studioGroupId: number; trainerIds: readonly number[]; month: string }): Promise<ClassFacts[]> {
  const { start, end } = monthInstants(query.month);
  const rows = await em.execute<ClassFactsRow[]>(
    `select ${CLASS_FACTS_COLUMNS}
       from studio_class c
      where c.studio_group_id = ? and c.trainer_id = any(?::int[]) and c.starts_at >= ? and c.starts_at < ?`,
    [query.studioGroupId, idArray(query.trainerIds), start, end],
  );
  return rows.map(classFactsOf);
}

/** A class of the month with the names a list shows: its studio's and its main trainer's (null without one). */
export type MonthClassWithNames = {
  facts: ClassFacts;
  studioName: string;
  trainer: { firstname: string | null; lastname: string | null; companyName: string | null; sourceId: string | null } | null;
};

/** Every class of the group's month, as the pay engine reads it, with its studio's and main trainer's names. */
export async function monthClassesWithNames(em: EntityManager, query: { studioGroupId: number; month: string }): Promise<MonthClassWithNames[]> {
  const { start, end } = monthInstants(query.month);
  const rows = await em.execute<Array<ClassFactsRow & { studio_name: string; firstname: string | null; lastname: string | null; company_name: string | null; trainer_source_id: string | null }>>(
    `select ${CLASS_FACTS_COLUMNS}, s.name as studio_name, t.firstname, t.lastname, t.company_name, t.source_id as trainer_source_id
       from studio_class c
       join studio s on s.id = c.studio_id
       left join trainer t on t.id = c.trainer_id
      where c.studio_group_id = ? and c.starts_at >= ? and c.starts_at < ?`,
    [query.studioGroupId, start, end],
  );
  return rows.map((row) => ({
    facts: classFactsOf(row),
    studioName: row.studio_name,
    trainer: row.trainer_id ? { firstname: row.firstname, lastname: row.lastname, companyName: row.company_name, sourceId: row.trainer_source_id } : null,
  }));
}
