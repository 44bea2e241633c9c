import type { MikroORM } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';

// Trainers beyond the demo's ~20, for runs long enough to crash in the middle: complete data (IBAN,
// tax number, address), self-billing consent, and their classes of the month in the group's first
// studio in a category the demo's payment rules pay ('Cycling'). Written straight to the database,
// as the source system's import would leave them; preparation and billing then go through the API.

export type SyntheticTrainersOptions = {
  studioGroupId: number;
  /** The settlement month (its last day, YYYY-MM-DD). */
  month: string;
  count: number;
  classesPerTrainer?: number;
  /** Source ids and e-mail addresses start with it (lower-cased for the address); unique per call. */
  prefix: string;
};

/** Inserts the trainers and their classes; answers their uuids. */
export async function writeSyntheticTrainers(orm: MikroORM, { studioGroupId, month, count, classesPerTrainer = 5, prefix }: SyntheticTrainersOptions): Promise<string[]> {
  const connection = orm.em.fork().getConnection();
  const rows = await connection.execute<Array<{ uuid: string }>>(
    `insert into trainer (uuid, studio_group_id, source_id, firstname, lastname, email, street, house_number, postal_code, city, country, iban,
                          tax_number, tax_number_mandatory, vat_liable, is_employee, keywords, workflow_state, self_billing_agreement_at, created_at, updated_at)
     select gen_random_uuid(), ?, ? || '-' || i, 'Synthetic', 'Trainer ' || lpad(i::text, 3, '0'), lower(?) || i || '@trainer.test', 'Hauptstraße', (i % 90 + 1)::text,
            '10115', 'Berlin', 'DE', 'DE89370400440532013000', '11/222/' || lpad(i::text, 5, '0'), false, i % 4 <> 0, false, '[]', 'new', now(), now(), now()
       from generate_series(1, ?) i
     returning uuid`,
    [studioGroupId, prefix, prefix, count],
  );
  const firstDay = DateTime.fromISO(month).startOf('month').toISODate()!;
  await connection.execute(
    `insert into studio_class (uuid, studio_group_id, studio_id, source_id, starts_at, name, category, room, slots, booked_slots, attendees, duration_minutes,
                               trainer_id, other_trainers, imported_at, created_at, updated_at)
     select gen_random_uuid(), t.studio_group_id, (select min(id) from studio where studio_group_id = t.studio_group_id), t.source_id || '-' || n,
            (?::date + ((t.id + n * 5) % 28) * interval '1 day' + (7 + n * 2) * interval '1 hour') at time zone 'Europe/Berlin',
            'Cycling ' || n, 'Cycling', 'Raum 1', 20, 10 + (t.id + n) % 10, 10 + (t.id + n) % 10, 60, t.id, '[]'::jsonb, now(), now(), now()
       from trainer t, generate_series(1, ?) n
      where t.studio_group_id = ? and t.source_id like ? || '-%'`,
    [firstDay, classesPerTrainer, studioGroupId, prefix],
  );
  return rows.map((row) => row.uuid);
}
