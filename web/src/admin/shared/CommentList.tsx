import { Box, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TComment, TCommentMood } from '../../../../contracts/review.contract';
import { formatSettlementTime } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { unixToIso } from './class-time';

// A trainer's comment thread on a class, as the preview check and the settlement's trainer comments show it.

/** The five moods of a comment (spec 3); none chosen shows the chat bubble and 'Choose'. */
export const MOOD_EMOJI: Record<TCommentMood, string> = { excited: '🤩', loved: '😍', happy: '😊', sad: '😢', thumbsy: '👍' };

export type CommentThread = { classHash: string; title: string; comments: TComment[] };

/** A comment thread, read only: the trainer's comments (ROLE_TRAINER) right-aligned in grey, the others left (spec 2.10). */
export function CommentList({ comments, classHash }: { comments: TComment[]; classHash: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack gap="xs" data-testid="preview-thread" data-class-hash={classHash}>
      {comments.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('previewCheck.noComments')}
        </Text>
      )}
      {comments.map((comment) => {
        const fromTrainer = comment.role === 'ROLE_TRAINER';
        return (
          <Box
            key={comment.uuid}
            p="xs"
            maw="85%"
            style={{
              alignSelf: fromTrainer ? 'flex-end' : 'flex-start',
              borderRadius: 8,
              background: fromTrainer ? 'var(--mantine-color-gray-1)' : 'var(--mantine-color-brand-light)',
              textAlign: fromTrainer ? 'right' : 'left',
            }}
            data-role={comment.role}
            data-testid="preview-comment"
          >
            <Text size="xs" c="dimmed">
              {comment.mood ? `${MOOD_EMOJI[comment.mood]} ` : ''}
              {comment.name} · {formatSettlementTime(unixToIso(comment.timestamp), locale)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {comment.comment}
            </Text>
          </Box>
        );
      })}
    </Stack>
  );
}
