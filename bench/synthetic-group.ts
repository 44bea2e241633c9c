import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../db/embedded';

// The benchmarks' synthetic studio group (DESIGN "Quality bar"), written with set-based SQL into a
// scratch database: TRAINERS trainers, STUDIOS studios and CLASSES classes in one month, dated pay
// rules, complete billing data and self-billing consent, and a settlement of the month in progress.

export type GroupSize = { trainers: number; studios: number; classes: number };
export const groupSizeFromEnv = (env = process.env): GroupSize => ({
  trainers: Number(env.BENCH_TRAINERS ?? 1_000),
  studios: Number(env.BENCH_STUDIOS ?? 50),
  classes: Number(env.BENCH_CLASSES ?? 60_000),
});
export const BENCH_MONTH_FIRST = '2025-10-01';
export const BENCH_MONTH = '2025-10-31';

export const withDatabase = (serverUrl: string, database: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

/** Peak of RSS and heap, sampled while the preparation runs. */
export function memoryProbe() {
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    rss = Math.max(rss, usage.rss);
    heap = Math.max(heap, usage.heapUsed);
  };
  sample();
  const timer = setInterval(sample, 20);
  return {
    reset: () => {
      rss = 0;
      heap = 0;
      sample();
    },
    peak: () => {
      sample();
      return { rss, heap };
    },
    stop: () => clearInterval(timer),
  };
}

/** A scratch database: on DATABASE_URL's server, else an embedded PostgreSQL in a temp folder (`port` plus the pid's rest). */
export async function scratchDatabase({ prefix = 'trainerpay_bench', port = 56000 }: { prefix?: string; port?: number } = {}): Promise<{ url: string; drop: () => Promise<void>; where: string; dataDir?: string }> {
  const name = `${prefix}_${process.pid}`;
  if (process.env.DATABASE_URL) {
    const adminUrl = withDatabase(process.env.DATABASE_URL, 'postgres');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    return {
      url: withDatabase(adminUrl, name),
      where: `PostgreSQL of DATABASE_URL, scratch database ${name}`,
      drop: async () => {
        if (process.env.BENCH_KEEP) return;
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainerpay-bench-'));
  const postgres = await startEmbeddedPostgres({ dataDir, port: port + (process.pid % 3000), databaseName: name });
  return {
    url: postgres.databaseUrl,
    dataDir,
    where: `embedded PostgreSQL in ${dataDir}`,
    drop: async () => {
      await postgres.stop();
      if (!process.env.BENCH_KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The synthetic studio group, written with set-based SQL (deterministic: no random()). */
/** Writes the group; `withSettlement: false` leaves the settlement to the API (bench:close starts it as the wizard does). */
export async function writeSyntheticGroup(client: pg.Client, { trainers: TRAINERS, studios: STUDIOS, classes: CLASSES }: GroupSize = groupSizeFromEnv(), { withSettlement = true } = {}) {
  await client.query('begin');
  const mandant = await client.query(`insert into mandant (uuid, name, created_at, updated_at) values (gen_random_uuid(), 'Bench Mandant', now(), now()) returning id`);
  const group = await client.query(
    `insert into studio_group (uuid, mandant_id, name, company_name, api_slug, source_system, street, house_number, postal_code, city, country, vat_rate_basis_points,
                               credit_note_prefix, accounting_files, created_at, updated_at)
     values (gen_random_uuid(), $1, 'Bench Fitness', 'Bench Fitness GmbH', 'bench-fitness', 'demo', 'Benchstraße', '1', '10115', 'Berlin', 'DE', 1900, 'GS', '[]', now(), now())
     returning id, uuid`,
    [mandant.rows[0].id],
  );
  const groupId: number = group.rows[0].id;
  const user = await client.query(
    `insert into app_user (uuid, email, password_hash, role, locale, firstname, lastname, is_verified, created_at, updated_at)
     values (gen_random_uuid(), 'bench@bench.test', 'x', 'staff', 'de', 'Bench', 'Admin', true, now(), now()) returning id, uuid`,
  );
  await client.query(
    `insert into studio (uuid, studio_group_id, source_id, name, city, created_at, updated_at)
     select gen_random_uuid(), $1, 'S' || i, 'Studio ' || lpad(i::text, 2, '0'), 'Berlin', now(), now() from generate_series(1, $2) i`,
    [groupId, STUDIOS],
  );
  // Every fifth trainer is not liable for VAT; all have complete data.
  await client.query(
    `insert into trainer (uuid, studio_group_id, source_id, firstname, lastname, email, company_name, street, house_number, postal_code, city, country, iban,
                          tax_number, tax_number_mandatory, vat_liable, is_employee, keywords, workflow_state, created_at, updated_at)
     select gen_random_uuid(), $1, 'T' || i, 'Trainer', 'Nr. ' || i, 'trainer' || i || '@bench.test', case when i % 3 = 0 then 'Studio Coach ' || i || ' UG' end,
            'Hauptstraße', (i % 200 + 1)::text, '10115', 'Berlin', 'DE', 'DE89370400440532013000', '11/222/' || lpad(i::text, 5, '0'), false, i % 5 <> 0,
            false, '[]', 'new', now(), now()
       from generate_series(1, $2) i`,
    [groupId, TRAINERS],
  );
  // Rules: an hourly rate per category (Cycling with a per-slot bonus, Yoga with tiers), a higher
  // rate in every tenth studio, a flat rate for every twentieth trainer's HIIT classes. 'Spezial'
  // has no rule (the data check reports those classes).
  await client.query(
    `insert into payment_type_rule (uuid, studio_group_id, name, category, valid_from, kind, hourly_cents, booked_slot_mode, booked_slot_threshold, per_slot_cents, tiers, created_at, updated_at)
     values (gen_random_uuid(), $1, 'Cycling', 'Cycling', '2025-01-01', 'hourly', 3500, 'per_slot', 15, 50, null, now(), now()),
            (gen_random_uuid(), $1, 'Yoga', 'Yoga', '2025-01-01', 'hourly', 3800, 'tiers', null, null, '[{"fromBookedSlots":10,"bonusCents":500},{"fromBookedSlots":20,"bonusCents":1000}]', now(), now()),
            (gen_random_uuid(), $1, 'Pilates', 'Pilates', '2025-01-01', 'hourly', 3600, 'none', null, null, null, now(), now()),
            (gen_random_uuid(), $1, 'HIIT', 'HIIT', '2025-01-01', 'hourly', 3300, 'none', null, null, null, now(), now()),
            (gen_random_uuid(), $1, 'Zumba', 'Zumba', '2025-01-01', 'hourly', 3100, 'none', null, null, null, now(), now())`,
    [groupId],
  );
  await client.query(
    `insert into payment_type_rule (uuid, studio_group_id, name, category, studio_id, valid_from, kind, hourly_cents, booked_slot_mode, created_at, updated_at)
     select gen_random_uuid(), $1, 'Yoga ' || s.name, 'Yoga', s.id, '2025-01-01', 'hourly', 4500, 'none', now(), now()
       from studio s where s.studio_group_id = $1 and s.id % 10 = 0`,
    [groupId],
  );
  await client.query(
    `insert into payment_type_rule (uuid, studio_group_id, name, category, trainer_id, valid_from, kind, flat_cents, booked_slot_mode, min_cents, max_cents, created_at, updated_at)
     select gen_random_uuid(), $1, 'HIIT flat ' || t.source_id, 'HIIT', t.id, '2025-06-01', 'flat', 4000, 'none', 3000, 6000, now(), now()
       from trainer t where t.studio_group_id = $1 and t.id % 20 = 0`,
    [groupId],
  );
  // The classes of the month: spread over days, hours, studios and trainers; 1 % without a trainer,
  // 1 % with a second trainer, 2 % in a category without a rule. The exceptions step by 101 and 53,
  // numbers prime to the trainer count: with steps of 100 and 50 every exception fell on the same
  // 40 trainers (all their classes unpaid), so they had no credit note.
  await client.query(
    `with studios as (select array_agg(id order by id) as ids from studio where studio_group_id = $1),
          trainers as (select array_agg(id order by id) as ids from trainer where studio_group_id = $1),
          categories as (select array['Cycling', 'Yoga', 'Pilates', 'HIIT', 'Zumba'] as names)
     insert into studio_class (uuid, studio_group_id, studio_id, source_id, starts_at, name, category, room, slots, booked_slots, attendees, duration_minutes,
                               trainer_id, other_trainers, imported_at, created_at, updated_at)
     select gen_random_uuid(), $1, studios.ids[1 + i % $3], 'C' || i,
            ($4::date + (i % 31) * interval '1 day' + (6 + (i * 7) % 15) * interval '1 hour' + ((i * 13) % 4) * interval '15 minutes') at time zone 'Europe/Berlin',
            case when i % 53 = 7 then 'Spezialkurs' else categories.names[1 + (i / 7) % 5] || ' ' || (1 + i % 3) end,
            case when i % 53 = 7 then 'Spezial' else categories.names[1 + (i / 7) % 5] end,
            'Raum ' || (1 + i % 4), 25, (i * 11) % 26, (i * 11) % 26, case when i % 4 = 0 then 90 when i % 4 = 1 then 45 else 60 end,
            case when i % 101 = 3 then null else trainers.ids[1 + ((i::bigint * 7919) % $2)::int] end,
            case when i % 101 = 5 then jsonb_build_array(trainers.ids[1 + ((i::bigint * 104729) % $2)::int]) else '[]'::jsonb end,
            now(), now(), now()
       from generate_series(1, $5) i, studios, trainers, categories`,
    [groupId, TRAINERS, STUDIOS, BENCH_MONTH_FIRST, CLASSES],
  );
  const settlement = !withSettlement ? undefined : await client.query(
    `insert into settlement (uuid, studio_group_id, month, version, trainer_review, status, created_by_id, created_at, updated_at)
     values (gen_random_uuid(), $1, $2, 'v2', false, 'in_progress', $3, now(), now()) returning uuid`,
    [groupId, BENCH_MONTH, user.rows[0].id],
  );
  // For the credit-note run: the group's tax number and account (issuer and SEPA debtor), its
  // accountant's files, and every trainer's self-billing consent (§14 (2) UStG).
  await client.query(
    `update studio_group set tax_number = '27/123/45678', iban = 'DE02120300000000202051', bic = 'BYLADEM1001',
                             accounting_files = '["SEPA_XML", "CREDIT_NOTES_ZIP", "STUDIO_COSTS_BY_MONTH"]', accounting_email = 'steuerbuero@bench.test' where id = $1`,
    [groupId],
  );
  await client.query(`update trainer set self_billing_agreement_at = now() where studio_group_id = $1`, [groupId]);
  const trainerUuids = (await client.query<{ uuid: string }>('select uuid from trainer where studio_group_id = $1 order by id', [groupId])).rows.map((row) => row.uuid);
  await client.query('commit');
  await client.query('analyze');
  return {
    settlementUuid: settlement?.rows[0].uuid as string | undefined,
    userUuid: user.rows[0].uuid as string,
    trainerUuids,
    group: { id: groupId, uuid: group.rows[0].uuid as string, mandantId: mandant.rows[0].id as number, apiSlug: 'bench-fitness' },
  };
}

