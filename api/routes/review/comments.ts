import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { sql } from '../../../db/queries/sql';
import { EVENTS_CHANNEL } from '../../../db/events';
import { OVERALL_FEEDBACK, ZCommentText, type TAddCommentRequest, type TComment, type TSettlementCommentEvent } from '../../../contracts/review.contract';
import { settlementRoom } from '../../../contracts/settlement.contract';
import { fitLength } from '../../../domain/text';
import { badRequest } from '../../http/errors';
import { commentThreadsOf, toComment } from './review-preview';
import { assertReviewOpen, reviewLockOf } from './review-locks';

// One way to add a comment, for the trainer (/add-comment) and the admin (preview check): the text
// cleaned as the contract says, the thread key checked against the trainer's lines, the row written
// and a live event published in the same transaction (NOTIFY goes out on commit, so a screen that
// refetches on the event finds the comment).

/** The settlement trainer a comment goes to: its row, settlement and trainer (a SettlementTrainer entity is one). */
export type CommentTarget = { id: number; settlement: { uuid: string }; trainer: { id: number; uuid: string } };

export type AddCommentInput = {
  settlementTrainer: CommentTarget;
  author: { userId: number; name: string; role: 'ROLE_TRAINER' | 'ROLE_ADMIN' };
  request: Pick<TAddCommentRequest, 'comment' | 'classHash' | 'className' | 'mood'>;
};

/**
 * Adds a comment and answers the row's thread, newest first. The trainer's comment is refused (409)
 * once the company approved or the credit note is created — checked under a row lock of the
 * settlement trainer, so an approval cannot slip in between. The admin may still answer then.
 */
export async function addComment(em: EntityManager, { settlementTrainer, author, request }: AddCommentInput): Promise<TComment[]> {
  const cleaned = ZCommentText.safeParse(request.comment);
  if (!cleaned.success) throw badRequest(cleaned.error.issues[0]?.message === 'review.commentTooLong' ? 'review.commentTooLong' : 'review.commentEmpty', 'comment');
  const classHash = request.classHash;

  return em.transactional(async (tem) => {
    const lock = await reviewLockOf(tem, settlementTrainer.id, { forUpdate: true });
    if (author.role === 'ROLE_TRAINER') assertReviewOpen(lock);

    let className: string | null = request.className || null;
    let classDatetime: Date | null = null;
    if (classHash !== OVERALL_FEEDBACK) {
      const [line] = await sql<{ class_name: string; class_starts_at: Date | null }>(
        tem,
        'select class_name, class_starts_at from settlement_line where settlement_trainer_id = ? and class_hash = ? limit 1',
        [settlementTrainer.id, classHash],
        { prepared: true },
      );
      if (!line) throw badRequest('review.classHashUnknown', 'classHash');
      // The thread names the class as the settlement has it, not as the client sent it.
      className = line.class_name;
      classDatetime = line.class_starts_at ? new Date(line.class_starts_at) : null;
    }

    // Written as the Comment entity writes it (uuid and created_at set here), without a unit of work.
    // author_name is varchar(255); first and last name may take 200 characters each.
    const comment = { uuid: randomUUID(), authorName: fitLength(author.name), role: author.role, mood: request.mood || null, text: cleaned.data, createdAt: new Date() };
    await sql(
      tem,
      `insert into comment (uuid, settlement_trainer_id, class_hash, class_name, class_datetime, author_id, author_name, role, mood, text, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [comment.uuid, settlementTrainer.id, classHash, className, classDatetime, author.userId, comment.authorName, comment.role, comment.mood, comment.text, comment.createdAt],
      { prepared: true },
    );

    const event: TSettlementCommentEvent = {
      settlementUuid: settlementTrainer.settlement.uuid,
      trainerUuid: settlementTrainer.trainer.uuid,
      classHash,
      comment: toComment({ uuid: comment.uuid, author_name: comment.authorName, role: comment.role, mood: comment.mood, text: comment.text, created_at: comment.createdAt }),
    };
    // The settlement's room and the linked trainer account's room, in one statement: the account is
    // looked up where its copy is sent (a trainer record without an account gets the first only).
    // Both payloads have publishEvent's shape, { topic, event, data }.
    const feedEvent = { topic: settlementRoom(event.settlementUuid), event: 'settlement:comment', data: event };
    await sql(
      tem,
      `select pg_notify(?, ?),
              (select pg_notify(?, json_build_object('topic', 'user:' || u.uuid, 'event', ?::text, 'data', ?::json)::text)
                 from studio_group_trainer sgt
                 join trainer_account ta on ta.id = sgt.trainer_account_id
                 join app_user u on u.id = ta.user_id
                where sgt.trainer_id = ? limit 1)`,
      [EVENTS_CHANNEL, JSON.stringify(feedEvent), EVENTS_CHANNEL, feedEvent.event, JSON.stringify(event), settlementTrainer.trainer.id],
      { prepared: true },
    );

    return (await commentThreadsOf(tem, settlementTrainer.id, classHash)).get(classHash) ?? [];
  });
}
