import type { MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { sql } from '../../db/queries/sql';
import { writeSettlementLog } from '../../db/writes/settlement-log';
import { translate, type Locale } from '../../domain/messages';
import { activityContext } from '../shared/activity-context';
import { settlementRowOf } from '../shared/settlement';
import { PROC, publishSend } from './run-records';

// A full disk under the data directory while a credit-note run writes its files (PDFs, XRechnungen,
// SEPA, ZIP, CSV). Nothing is half-written (writeFileAtomic removes its temp file) and nothing is
// recorded for a file that is not there (a PDF's hash only after it is written), so the step can
// simply be done again. It is not a failure of the run's data: the step fails with a retryable
// `DiskFull`, Temporal retries it with the run's retry policy, and the admin reads the cause in the
// settlement log and the run's stream, once per attempt, until space is freed.

/** ENOSPC (the file system is full) or EDQUOT (the user's quota is). */
export function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** Writes the disk-full message to the settlement log and the run's stream, then throws the retryable failure. */
export async function reportDiskFull(orm: MikroORM, { settlementUuid, runUuid, dataDir, locale, error }: { settlementUuid: string; runUuid: string; dataDir: string; locale?: Locale; error: unknown }): Promise<never> {
  const attempt = activityContext()?.info.attempt ?? 1;
  let message = '';
  await orm.em.fork().transactional(async (tem) => {
    const settlement = await settlementRowOf(tem, settlementUuid);
    // The run's own locale where the step has it; else the language of the admin who started the run.
    const [starter] = locale ? [] : await sql<{ locale: Locale }>(tem, 'select u.locale from settlement_run r join app_user u on u.id = r.created_by_id where r.uuid = ?', [runUuid]);
    message = translate(locale ?? starter?.locale ?? 'de', 'creditNote.run.diskFull', { dataDir, code: (error as NodeJS.ErrnoException).code ?? 'ENOSPC' });
    const written = await writeSettlementLog(tem, settlement, [{ eventKey: `${PROC.creditNote}:${runUuid}:disk-full:${attempt}`, proc: PROC.creditNote, trainerUuid: null, status: 'error', message }]);
    if (written > 0) await publishSend(tem, settlement.uuid, runUuid, { status: 'error', message });
  });
  throw ApplicationFailure.retryable(message, 'DiskFull');
}
