import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../../db/queries/sql';
import { conflict } from '../../http/errors';

// The locks of spec 4 (trainer portal): once the company approved a trainer, or once the trainer's
// credit note is created (pdfCreated), their personal data on the review, comments and approval are
// locked. The settlement workflow's approve validator enforces the approval lock; the direct writes
// (comments, review rows) check here, in the transaction that writes, under a row lock of the
// settlement trainer so a concurrent approval cannot slip between the check and the write.

export type ReviewLock = {
  /** The newest company approval toggle is 'approved'. */
  companyApproved: boolean;
  /** The credit note is created (credit_note_created, credit_note_send). */
  pdfCreated: boolean;
  locked: boolean;
};

export const PDF_CREATED_STATES = ['credit_note_created', 'credit_note_send'] as const;

/** Reads the lock of one settlement trainer; with `forUpdate` the row stays locked until commit. */
export async function reviewLockOf(em: EntityManager, settlementTrainerId: number, { forUpdate = false } = {}): Promise<ReviewLock> {
  const [row] = await sql<{ workflow_state: string; company: boolean | null }>(
    em,
    `select st.workflow_state,
            (select a.approved from approval a
              where a.settlement_trainer_id = st.id and a.kind = 'company'
              order by a.created_at desc, a.id desc limit 1) as company
       from settlement_trainer st where st.id = ?${forUpdate ? ' for update of st' : ''}`,
    [settlementTrainerId],
    { prepared: true },
  );
  const companyApproved = row?.company === true;
  const pdfCreated = (PDF_CREATED_STATES as readonly string[]).includes(row?.workflow_state ?? '');
  return { companyApproved, pdfCreated, locked: companyApproved || pdfCreated };
}

/** Refuses a write to a locked review with 409 and the reason in the caller's language. */
export function assertReviewOpen(lock: ReviewLock): void {
  if (lock.pdfCreated) throw conflict('review.lockedPdfCreated');
  if (lock.companyApproved) throw conflict('review.lockedCompanyApproved');
}
