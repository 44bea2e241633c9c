import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EVENTS_CHANNEL } from '../../db/events';
import { trainerTurnovers } from '../../db/queries/small-business-turnover';
import { percentOfLimit, SMALL_BUSINESS_LIMITS, smallBusinessCheck, thresholdsReached, type SmallBusinessThreshold } from '../../domain/accounting/small-business';
import { translate, type Locale } from '../../domain/messages';
import { formatEuro } from '../../domain/money';
import { sql } from '../../db/queries/sql';
import { trainerCreditNotesPath } from './mail';

// After a run's credit notes are issued: each trainer account billed without VAT whose turnover on
// the platform (every studio group, §19 UStG) is near or past a small-business limit gets a portal
// notification — once per threshold and year (small_business_notice is the key: a retry, another
// run or another studio group finds the row and stays silent).

export async function notifySmallBusinessLimits(em: EntityManager, { runId, studioGroupId, studioGroupUuid }: { runId: number; studioGroupId: number; studioGroupUuid: string }): Promise<number> {
  const billed = await sql<{ trainer_id: number; year: number }>(
    em,
    `select distinct cn.trainer_id, extract(year from cn.issue_date)::int as year
       from credit_note cn join settlement_trainer st on st.id = cn.settlement_trainer_id join trainer t on t.id = cn.trainer_id
      where cn.settlement_run_id = ? and cn.document_type = 'credit_note' and cn.vat_cents = 0
        and coalesce((st.trainer_snapshot->>'vatLiable')::boolean, t.vat_liable) = false`,
    [runId],
  );
  let sent = 0;
  for (const year of [...new Set(billed.map((row) => Number(row.year)))]) {
    const turnovers = await trainerTurnovers(
      em,
      billed.filter((row) => Number(row.year) === year).map((row) => row.trainer_id),
      year,
    );
    for (const turnover of turnovers.values()) {
      if (turnover.trainerAccountId === null) continue; // no portal to tell
      const check = smallBusinessCheck({ previousYearCents: turnover.previousYearCents, currentYearCents: turnover.currentYearCents });
      for (const { threshold, notify } of thresholdsReached(check)) {
        const previous = threshold.startsWith('previous_year');
        const noticeYear = previous ? year - 1 : year;
        const turnoverCents = previous ? turnover.previousYearCents : turnover.currentYearCents;
        const inserted = await sql<{ id: number }>(
          em,
          `insert into small_business_notice (trainer_account_id, year, threshold, turnover_cents, created_at) values (?, ?, ?, ?, now())
           on conflict (trainer_account_id, year, threshold) do nothing returning id`,
          [turnover.trainerAccountId, noticeYear, threshold, turnoverCents],
        );
        if (inserted.length === 0 || !notify) continue;
        await sendNotice(em, { trainerAccountId: turnover.trainerAccountId, studioGroupId, studioGroupUuid, threshold, year: noticeYear, turnoverCents });
        sent += 1;
      }
    }
  }
  return sent;
}

async function sendNotice(
  em: EntityManager,
  { trainerAccountId, studioGroupId, studioGroupUuid, threshold, year, turnoverCents }: { trainerAccountId: number; studioGroupId: number; studioGroupUuid: string; threshold: SmallBusinessThreshold; year: number; turnoverCents: number },
) {
  const [account] = await sql<{ language: Locale; user_uuid: string }>(em, 'select ta.language, u.uuid as user_uuid from trainer_account ta join app_user u on u.id = ta.user_id where ta.id = ?', [trainerAccountId]);
  const language: Locale = account?.language === 'en' ? 'en' : 'de';
  const limitCents = threshold.startsWith('previous_year') ? SMALL_BUSINESS_LIMITS.previousYearCents : SMALL_BUSINESS_LIMITS.currentYearCents;
  const money = (cents: number) => formatEuro(cents, language === 'de' ? 'de-DE' : 'en-GB');
  const message = translate(language, `smallBusiness.notice.${threshold}`, {
    turnover: money(turnoverCents),
    limit: money(limitCents),
    percent: percentOfLimit(turnoverCents, limitCents),
    year,
    nextYear: year + 1,
  });
  await sql(
    em,
    `insert into notification (uuid, trainer_account_id, studio_group_id, message, link, approved_at, created_at, updated_at) values (?, ?, ?, ?, ?, null, now(), now())`,
    [randomUUID(), trainerAccountId, studioGroupId, message, trainerCreditNotesPath(studioGroupUuid)],
  );
  if (account) await sql(em, 'select pg_notify(?, ?)', [EVENTS_CHANNEL, JSON.stringify({ topic: `user:${account.user_uuid}`, event: 'notification:changed', data: { userUuid: account.user_uuid } })]);
}
