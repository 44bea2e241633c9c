// `npm run bench` (second part): the reports of spec admin 2.14 over a year of the 1,000-trainer
// synthetic studio group: 50 studios, 12 months of 60,000 classes (720,000), each month prepared
// (a settlement line per paid class) and the first eleven billed (a credit note per trainer and
// month, its document's lines recorded by the trigger as the credit-note run records them), the
// twelfth prepared only; a handful of log rows per trainer and month. Written with set-based SQL.
// Each report runs through its service and yields the text the route sends (PostgreSQL's JSON, or
// the rows written out by JSON.stringify), five times after a warm-up; the table shows the median and the slowest. Goal: every report ≤ 500 ms.
// The payment-type-rule check is timed three ways: from its kept month folds, after a month changed
// (folded again first) and after all twelve changed (read from the classes, folded after answering:
// a state the check leaves behind, printed apart from the goal).
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/reports.ts   (scratch database on that server)
//   npx tsx bench/reports.ts                                                              (embedded PostgreSQL in a temp folder)
//   BENCH_KEEP=1 keeps the scratch database; BENCH_REPORTS_URL=<its url> measures it again without the set-up.
import os from 'node:os';
import pg from 'pg';
import type { EntityManager } from '@mikro-orm/postgresql';
import { scratchDatabase } from './synthetic-group';
import { initOrm, migrateToLatest } from '../db/orm';
import { classesWithoutTrainer, classesWithSeveralTrainers, classList, settlementLogReport, studioBalance, trainerBalance, type JsonText, type ReportGroup } from '../api/routes/reports/reports.service';
import { paymentTypeRuleCheck } from '../api/routes/reports/rule-check.service';

const TRAINERS = 1_000;
const STUDIOS = 50;
const CLASSES_PER_MONTH = 60_000;
const MONTHS = 12;
const YEAR = 2025;
const GOAL_MS = 500;
const RUNS = 5;

/** The year of the synthetic group. Trainers teach in a home studio and a second one, two categories each. */
async function writeSyntheticYear(client: pg.Client) {
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  await q('begin');
  const mandant = await q(`insert into mandant (uuid, name, created_at, updated_at) values (gen_random_uuid(), 'Bench Mandant', now(), now()) returning id, name`);
  const group = await q(
    `insert into studio_group (uuid, mandant_id, name, company_name, api_slug, source_system, street, house_number, postal_code, city, country, vat_rate_basis_points,
                               credit_note_prefix, accounting_files, created_at, updated_at)
     values (gen_random_uuid(), $1, 'Bench Fitness', 'Bench Fitness GmbH', 'bench-fitness', 'demo', 'Benchstraße', '1', '10115', 'Berlin', 'DE', 1900, 'GS', '[]', now(), now())
     returning id, name`,
    [mandant.rows[0].id],
  );
  const groupId: number = group.rows[0].id;
  const user = await q(
    `insert into app_user (uuid, email, password_hash, role, locale, firstname, lastname, is_verified, created_at, updated_at)
     values (gen_random_uuid(), 'bench@bench.test', 'x', 'staff', 'de', 'Bench', 'Admin', true, now(), now()) returning id`,
  );
  const userId: number = user.rows[0].id;
  await q(`insert into studio (uuid, studio_group_id, source_id, name, city, created_at, updated_at)
           select gen_random_uuid(), $1, 'S' || i, 'Studio ' || lpad(i::text, 2, '0'), 'Berlin', now(), now() from generate_series(1, $2) i`, [groupId, STUDIOS]);
  await q(
    `insert into trainer (uuid, studio_group_id, source_id, firstname, lastname, email, company_name, street, house_number, postal_code, city, country, iban,
                          tax_number, tax_number_mandatory, vat_liable, is_employee, keywords, workflow_state, created_at, updated_at)
     select gen_random_uuid(), $1, 'T' || i, 'Trainer', 'Nr. ' || i, 'trainer' || i || '@bench.test', case when i % 3 = 0 then 'Studio Coach ' || i || ' UG' end,
            'Hauptstraße', (i % 200 + 1)::text, '10115', 'Berlin', 'DE', 'DE89370400440532013000', '11/222/' || lpad(i::text, 5, '0'), false, i % 5 <> 0,
            false, '[]', 'new', now(), now()
       from generate_series(1, $2) i`,
    [groupId, TRAINERS],
  );
  // The rules of the preparation benchmark: an hourly rate per category, a higher Yoga rate in every
  // tenth studio, a flat HIIT rate for every twentieth trainer from June; 'Spezial' has no rule.
  await q(
    `insert into payment_type_rule (uuid, studio_group_id, name, category, valid_from, kind, hourly_cents, booked_slot_mode, booked_slot_threshold, per_slot_cents, tiers, created_at, updated_at)
     values (gen_random_uuid(), $1, 'Cycling', 'Cycling', '2025-01-01', 'hourly', 3500, 'per_slot', 15, 50, null, now(), now()),
            (gen_random_uuid(), $1, 'Yoga', 'Yoga', '2025-01-01', 'hourly', 3800, 'tiers', null, null, '[{"fromBookedSlots":10,"bonusCents":500},{"fromBookedSlots":20,"bonusCents":1000}]', now(), now()),
            (gen_random_uuid(), $1, 'Pilates', 'Pilates', '2025-01-01', 'hourly', 3600, 'none', null, null, null, now(), now()),
            (gen_random_uuid(), $1, 'HIIT', 'HIIT', '2025-01-01', 'hourly', 3300, 'none', null, null, null, now(), now()),
            (gen_random_uuid(), $1, 'Zumba', 'Zumba', '2025-01-01', 'hourly', 3100, 'none', null, null, null, now(), now())`,
    [groupId],
  );
  await q(`insert into payment_type_rule (uuid, studio_group_id, name, category, studio_id, valid_from, kind, hourly_cents, booked_slot_mode, created_at, updated_at)
           select gen_random_uuid(), $1, 'Yoga ' || s.name, 'Yoga', s.id, '2025-01-01', 'hourly', 4500, 'none', now(), now() from studio s where s.studio_group_id = $1 and s.id % 10 = 0`, [groupId]);
  await q(`insert into payment_type_rule (uuid, studio_group_id, name, category, trainer_id, valid_from, kind, flat_cents, booked_slot_mode, min_cents, max_cents, created_at, updated_at)
           select gen_random_uuid(), $1, 'HIIT flat ' || t.source_id, 'HIIT', t.id, '2025-06-01', 'flat', 4000, 'none', 3000, 6000, now(), now()
             from trainer t where t.studio_group_id = $1 and t.id % 20 = 0`, [groupId]);
  // 720,000 classes: 1 % without a trainer, 1 % with a second trainer, 2 % in 'Spezial' (no rule).
  await q(
    `with studios as (select array_agg(id order by id) as ids from studio where studio_group_id = $1),
          trainers as (select array_agg(id order by id) as ids from trainer where studio_group_id = $1),
          categories as (select array['Cycling', 'Yoga', 'Pilates', 'HIIT', 'Zumba'] as names),
          numbered as (select i, (i - 1) / $3::int as month_index, 1 + ((i::bigint * 7919) % $2::int)::int as trainer_no from generate_series(1, $3::int * $4::int) i)
     insert into studio_class (uuid, studio_group_id, studio_id, source_id, starts_at, name, category, room, slots, booked_slots, attendees, duration_minutes,
                               trainer_id, other_trainers, imported_at, created_at, updated_at)
     select gen_random_uuid(), $1, studios.ids[1 + (case when i % 3 = 0 then trainer_no * 7 else trainer_no end) % $6::int], 'C' || i,
            (make_date($5::int, 1 + month_index, 1) + (i % 28) * interval '1 day' + (6 + (i * 7) % 15) * interval '1 hour') at time zone 'Europe/Berlin',
            case when i % 53 = 7 then 'Spezialkurs' else categories.names[1 + (trainer_no + i % 2) % 5] || ' ' || (1 + i % 2) end,
            case when i % 53 = 7 then 'Spezial' else categories.names[1 + (trainer_no + i % 2) % 5] end,
            'Raum ' || (1 + i % 4), 25, (i * 11) % 26, (i * 11) % 26, case when i % 4 = 0 then 90 when i % 4 = 1 then 45 else 60 end,
            case when i % 101 = 3 then null else trainers.ids[trainer_no] end,
            case when i % 101 = 5 then jsonb_build_array(trainers.ids[1 + ((i::bigint * 104729) % $2::int)::int]) else '[]'::jsonb end,
            now(), now(), now()
       from numbered, studios, trainers, categories`,
    [groupId, TRAINERS, CLASSES_PER_MONTH, MONTHS, YEAR, STUDIOS],
  );
  // A settlement per month, every trainer prepared: a line per class with one trainer and a rule
  // (hourly 35 €/h here: the amounts of the lines do not change what the reports read).
  await q(
    `insert into settlement (uuid, studio_group_id, month, version, trainer_review, status, created_by_id, created_at, updated_at)
     select gen_random_uuid(), $1, (make_date($2::int, m, 1) + interval '1 month' - interval '1 day')::date, 'v2', false, case when m < $3::int then 'completed' else 'in_progress' end, $4, now(), now()
       from generate_series(1, $3::int) m`,
    [groupId, YEAR, MONTHS, userId],
  );
  await q(`insert into settlement_trainer (uuid, settlement_id, trainer_id, workflow_state, prepared_at, created_at, updated_at)
           select gen_random_uuid(), s.id, t.id, case when s.status = 'completed' then 'credit_note_send' else 'data_created' end, now(), now(), now()
             from settlement s, trainer t where s.studio_group_id = $1 and t.studio_group_id = $1`, [groupId]);
  await q(
    `insert into settlement_line (settlement_trainer_id, kind, studio_class_id, studio_id, class_hash, class_starts_at, class_name, duration_minutes, booked_slots,
                                  net_cents, vat_rate_basis_points, vat_cents, gross_cents, created_at, updated_at)
     select st.id, 'class', c.id, c.studio_id, md5(c.id::text), c.starts_at, c.name, c.duration_minutes, c.booked_slots,
            3500 * c.duration_minutes / 60, case when t.vat_liable then 1900 else 0 end,
            case when t.vat_liable then round(3500 * c.duration_minutes / 60 * 0.19)::int else 0 end,
            3500 * c.duration_minutes / 60 + case when t.vat_liable then round(3500 * c.duration_minutes / 60 * 0.19)::int else 0 end, now(), now()
       from studio_class c
       join trainer t on t.id = c.trainer_id
       join settlement s on s.studio_group_id = c.studio_group_id and s.month = (date_trunc('month', c.starts_at at time zone 'Europe/Berlin') + interval '1 month' - interval '1 day')::date
       join settlement_trainer st on st.settlement_id = s.id and st.trainer_id = t.id
      where c.studio_group_id = $1 and c.other_trainers = '[]'::jsonb and c.category <> 'Spezial'`,
    [groupId],
  );
  await q(`update settlement_trainer st set sum_net_cents = x.net, sum_vat_cents = x.vat, sum_gross_cents = x.gross
             from (select settlement_trainer_id, sum(net_cents) net, sum(vat_cents) vat, sum(gross_cents) gross from settlement_line group by 1) x
            where x.settlement_trainer_id = st.id`);
  await q(`insert into settlement_run (uuid, settlement_id, created_by_id, status, finished_at, created_at, updated_at)
           select gen_random_uuid(), s.id, $2, 'finished', now(), now(), now() from settlement s where s.studio_group_id = $1 and s.status = 'completed'`, [groupId, userId]);
  // The eleven billed months: a credit note per trainer with its document's lines (the trigger records them).
  await q(
    `insert into credit_note (uuid, studio_group_id, settlement_run_id, settlement_trainer_id, trainer_id, number, document_type, issue_date, net_cents, vat_cents, gross_cents,
                              file_name, file_path, document, created_at, updated_at)
     select gen_random_uuid(), $1, r.id, st.id, st.trainer_id, 'GS-' || $2 || '-' || lpad(row_number() over (order by s.month, st.id)::text, 5, '0'), 'credit_note',
            s.month + 5, st.sum_net_cents, st.sum_vat_cents, st.sum_gross_cents, 'x.pdf', 'x.pdf',
            jsonb_build_object('documentType', 'credit_note', 'serviceMonth', s.month,
              'lines', (select jsonb_agg(jsonb_build_object('kind', 'class', 'date', l.class_starts_at, 'studioName', so.name, 'className', l.class_name,
                                                            'durationMinutes', l.duration_minutes, 'bookedSlots', l.booked_slots, 'netCents', l.net_cents,
                                                            'vatRateBasisPoints', l.vat_rate_basis_points, 'vatCents', l.vat_cents, 'grossCents', l.gross_cents))
                          from settlement_line l join studio so on so.id = l.studio_id where l.settlement_trainer_id = st.id)),
            now(), now()
       from settlement s join settlement_run r on r.settlement_id = s.id join settlement_trainer st on st.settlement_id = s.id
      where s.studio_group_id = $1 and exists (select 1 from settlement_line l where l.settlement_trainer_id = st.id)`,
    [groupId, YEAR],
  );
  await q(`insert into settlement_log (settlement_id, timestamp, proc, trainer_uuid, status, message)
           select s.id, s.month + interval '3 days' + n * interval '1 second', p.proc, t.uuid, 'success', p.proc || ' ' || t.source_id
             from settlement s join settlement_trainer st on st.settlement_id = s.id join trainer t on t.id = st.trainer_id,
                  (values ('class'), ('credit_note')) p(proc), generate_series(1, 1) n
            where s.studio_group_id = $1`, [groupId]);
  await q('commit');
  await q('vacuum analyze');
  const counts = await q(`select (select count(*) from studio_class) classes, (select count(*) from settlement_line) lines, (select count(*) from credit_note) notes,
                                 (select count(*) from credit_note_report_line) report_lines, (select count(*) from settlement_log) logs`);
  return { group: { id: groupId, name: group.rows[0].name as string, mandantId: mandant.rows[0].id as number, mandantName: mandant.rows[0].name as string }, counts: counts.rows[0] as Record<string, string> };
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/** A database the benchmark wrote before (BENCH_KEEP=1): its group, counted again. */
async function existingYear(client: pg.Client) {
  const group = await client.query(`select g.id, g.name, m.id as mandant_id, m.name as mandant_name from studio_group g join mandant m on m.id = g.mandant_id where g.api_slug = 'bench-fitness'`);
  const counts = await client.query(`select (select count(*) from studio_class) classes, (select count(*) from settlement_line) lines, (select count(*) from credit_note) notes,
                                            (select count(*) from credit_note_report_line) report_lines, (select count(*) from settlement_log) logs`);
  const row = group.rows[0] as { id: number; name: string; mandant_id: number; mandant_name: string };
  return { group: { id: row.id, name: row.name, mandantId: row.mandant_id, mandantName: row.mandant_name }, counts: counts.rows[0] as Record<string, string> };
}

async function main() {
  // BENCH_REPORTS_URL: measure again on a database kept from an earlier run (no set-up).
  const reuse = process.env.BENCH_REPORTS_URL;
  const database = reuse ? { url: reuse, where: `kept database ${reuse}`, drop: () => Promise.resolve() } : await scratchDatabase({ prefix: 'trainerpay_bench_reports', port: 53000 });
  const orm = await initOrm(database.url);
  try {
    await migrateToLatest(orm);
    const client = new pg.Client({ connectionString: database.url });
    client.on('error', () => undefined);
    await client.connect();
    const setup = process.hrtime.bigint();
    const { group, counts } = reuse ? await existingYear(client) : await writeSyntheticYear(client);
    const setupMs = ms(setup);
    await client.end();

    const year = { dateStart: `${YEAR}-01-31`, dateEnd: `${YEAR}-12-31` };
    const g: ReportGroup & { mandantId: number } = group;
    // Marks months of the year changed, as an import or a rule naming a trainer would (not timed).
    const markChanged = (months: number[]) => async (em: EntityManager) => {
      await em.getConnection().execute(
        `insert into class_month_stale (studio_group_id, month, marked_at) select ?, make_date(?, m, 1), now() from unnest(?::int[]) m
         on conflict (studio_group_id, month) do update set marked_at = excluded.marked_at`,
        [g.id, YEAR, `{${months.join(',')}}`],
      );
    };
    const ruleCheck = (em: EntityManager) => paymentTypeRuleCheck(em, g, { dateStart: `${YEAR}-01-01`, dateEnd: `${YEAR}-12-31` });
    // `once`: a state the next check leaves behind (it folds the months after answering), timed apart from the goal.
    const reports: Array<{ name: string; once?: boolean; before?: (em: EntityManager) => Promise<void>; run: (em: EntityManager) => Promise<unknown[] | JsonText> }> = [
      { name: 'trainer_balance_by_month (12 months)', run: (em) => trainerBalance(em, g, year, { studio: false, className: false }) },
      { name: '  … with prepared months', run: (em) => trainerBalance(em, g, { ...year, includePrepared: 'true' }, { studio: false, className: false }) },
      { name: 'trainer_balance_by_month_by_class', run: (em) => trainerBalance(em, g, year, { studio: false, className: true }) },
      { name: 'trainer_balance_by_studio_by_month_by_class', run: (em) => trainerBalance(em, g, year, { studio: true, className: true }) },
      { name: '  … with prepared months', run: (em) => trainerBalance(em, g, { ...year, includePrepared: 'true' }, { studio: true, className: true }) },
      { name: 'studio_balance_by_month', run: (em) => studioBalance(em, g, { ...year, includePrepared: 'true' }) },
      { name: 'paymenttyperule_check (12 months)', run: ruleCheck },
      { name: '  … a month changed since the last check', before: markChanged([3]), run: ruleCheck },
      { name: '  … all 12 months changed (once)', once: true, before: markChanged([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]), run: ruleCheck },
      { name: 'trainerbyclass (all, no range)', run: (em) => classesWithSeveralTrainers(em, g) },
      { name: 'classes-without-trainer (12 months)', run: (em) => classesWithoutTrainer(em, g, { dateStart: `${YEAR}-01-01`, dateEnd: `${YEAR}-12-31` }) },
      { name: 'classes (31 days, the most it takes)', run: (em) => classList(em, g, { dateStart: `${YEAR}-03-01`, dateEnd: `${YEAR}-03-31` }) },
      { name: 'settlement_log (12 months)', run: (em) => settlementLogReport(em, g, year) },
    ];
    const results: Array<{ name: string; once: boolean; rows: number; median: number; max: number; bytes: number }> = [];
    for (const report of reports) {
      const times: number[] = [];
      let rowCount = 0;
      let bytes = 0;
      for (let run = 0; run < RUNS + 1; run++) {
        await report.before?.(orm.em.fork() as EntityManager);
        const started = process.hrtime.bigint();
        const answer = await report.run(orm.em.fork() as EntityManager);
        // What the route sends: PostgreSQL's JSON text as it is, or the rows written out.
        const text = Array.isArray(answer) ? JSON.stringify(answer) : answer.json;
        const took = ms(started);
        bytes = Buffer.byteLength(text);
        rowCount = (JSON.parse(text) as unknown[]).length;
        if (run > 0) times.push(took); // the first run warms the caches and the plan
      }
      times.sort((a, b) => a - b);
      results.push({ name: report.name, once: report.once ?? false, rows: rowCount, median: times[Math.floor(times.length / 2)]!, max: times.at(-1)!, bytes });
    }

    console.log(`\nTrainerPay benchmark: reports (${os.cpus().length} CPUs, Node ${process.version})`);
    console.log(`Database: ${database.where}`);
    console.log(`Synthetic year: ${TRAINERS} trainers, ${STUDIOS} studios, ${counts.classes} classes, ${counts.lines} settlement lines, ${counts.notes} credit notes (${counts.report_lines} report lines), ${counts.logs} log rows; written in ${(setupMs / 1000).toFixed(1)} s`);
    console.log(`Each report: its service up to the text the route sends, ${RUNS} runs after a warm-up.\n`);
    console.log(`${'report'.padEnd(46)}${'rows'.padStart(8)}${'JSON'.padStart(10)}${'median'.padStart(10)}${'max'.padStart(10)}`);
    console.log('-'.repeat(84));
    for (const row of results) {
      console.log(`${row.name.padEnd(46)}${String(row.rows).padStart(8)}${`${(row.bytes / 1024 / 1024).toFixed(1)} MB`.padStart(10)}${`${row.median.toFixed(0)} ms`.padStart(10)}${`${row.max.toFixed(0)} ms`.padStart(10)}`);
    }
    const slowest = Math.max(...results.filter((row) => !row.once).map((row) => row.max));
    console.log(`\nGoal: every report ≤ ${GOAL_MS} ms — slowest run ${slowest.toFixed(0)} ms: ${slowest <= GOAL_MS ? 'met' : 'NOT met'}.`);
    for (const row of results.filter((item) => item.once)) {
      console.log(`Not in the goal: ${row.name.trim().replace(/^… /, '')}, the first check after a year-wide change (it folds the months after answering): slowest ${row.max.toFixed(0)} ms.`);
    }
  } finally {
    await orm.close(true);
    await database.drop();
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
