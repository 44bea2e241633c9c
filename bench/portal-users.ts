import crypto from 'node:crypto';
import type pg from 'pg';

// The people of a benchmark month who call the API: one staff user of the group and a portal account
// for every trainer (user, trainer account, link to the trainer record with self-billing consent),
// each with a live API session. Log-ins are left out of the timings: argon2 costs ~50 ms of CPU a
// password by design, so 1,000 log-ins would measure the password hash, not the month close. The
// sessions are written as POST /api/login writes them (the key's SHA-256, an expiry).

export type Caller = { userUuid: string; headers: Record<string, string> };
export type PortalUsers = { admin: Caller; trainers: Array<Caller & { trainerUuid: string }> };

const newKey = () => crypto.randomBytes(32).toString('base64url');
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const headersOf = (userUuid: string, apiKey: string) => ({ 'x-user': userUuid, 'x-api-key': apiKey, 'content-type': 'application/json', 'x-locale': 'de' });

export async function writePortalUsers(client: pg.Client, studioGroupId: number): Promise<PortalUsers> {
  await client.query('begin');
  const staff = await client.query<{ id: number; uuid: string }>(
    `insert into app_user (uuid, email, password_hash, role, locale, firstname, lastname, is_verified, created_at, updated_at)
     values (gen_random_uuid(), 'bench-admin@bench.test', 'x', 'staff', 'de', 'Bench', 'Staff', true, now(), now()) returning id, uuid`,
  );
  await client.query('insert into staff_membership (user_id, studio_group_id) values ($1, $2)', [staff.rows[0]!.id, studioGroupId]);
  const users = await client.query<{ id: number; uuid: string; trainer_id: number; trainer_uuid: string }>(
    `with t as (select id, uuid, firstname, lastname, 'account-' || email as email from trainer where studio_group_id = $1),
          u as (insert into app_user (uuid, email, password_hash, role, locale, firstname, lastname, is_verified, created_at, updated_at)
                select gen_random_uuid(), email, 'x', 'trainer', 'de', firstname, lastname, true, now(), now() from t
                returning id, uuid, email)
     select u.id, u.uuid, t.id as trainer_id, t.uuid as trainer_uuid from u join t on t.email = u.email order by t.id`,
    [studioGroupId],
  );
  await client.query(
    `with a as (insert into trainer_account (uuid, user_id, firstname, lastname, email, language, created_at, updated_at)
                select gen_random_uuid(), u.id, u.firstname, u.lastname, u.email, 'de', now(), now() from app_user u where u.id = any($2::int[])
                returning id, user_id)
     insert into studio_group_trainer (uuid, studio_group_id, trainer_id, trainer_account_id, self_billing_consent_at, created_at, updated_at)
     select gen_random_uuid(), $1, x.trainer_id, a.id, now(), now(), now()
       from a join unnest($2::int[], $3::int[]) as x(user_id, trainer_id) on x.user_id = a.user_id`,
    [studioGroupId, users.rows.map((row) => row.id), users.rows.map((row) => row.trainer_id)],
  );
  const keys = new Map<number, string>(users.rows.map((row) => [row.id, newKey()]));
  const adminKey = newKey();
  keys.set(staff.rows[0]!.id, adminKey);
  await client.query(
    `insert into api_session (user_id, key_hash, created_at, expires_at, last_used_at)
     select user_id, key_hash, now(), now() + interval '1 day', now() from unnest($1::int[], $2::text[]) as s(user_id, key_hash)`,
    [[...keys.keys()], [...keys.values()].map(sha256)],
  );
  await client.query('commit');
  return {
    admin: { userUuid: staff.rows[0]!.uuid, headers: headersOf(staff.rows[0]!.uuid, adminKey) },
    trainers: users.rows.map((row) => ({ userUuid: row.uuid, trainerUuid: row.trainer_uuid, headers: headersOf(row.uuid, keys.get(row.id)!) })),
  };
}
