import type { TCommentMood } from '../../../../contracts/review.contract';

/** The five moods of a comment (spec 3, 9); none chosen shows the chat-bubble icon. */
export const MOOD_EMOJI: Record<TCommentMood, string> = {
  excited: '🤩',
  loved: '😍',
  happy: '😊',
  sad: '😢',
  thumbsy: '👍',
};
