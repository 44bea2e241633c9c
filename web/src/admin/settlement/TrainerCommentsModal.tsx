import { Alert, Center, Divider, Loader, Modal, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TStudioGroupRef } from '../../../../contracts/auth.contract';
import { OVERALL_FEEDBACK, type TCreditNotePreview } from '../../../../contracts/review.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert, IconInfo } from '../../shared/components/icons';
import { formatClassDateTime } from '../shared/class-time';
import { CommentList, type CommentThread } from '../shared/CommentList';
import { useCreditNotePreview } from './api';

/** The trainer's threads that hold comments: the overall feedback first, then the classes in the preview's order. */
function threadsWithComments(preview: TCreditNotePreview, overallTitle: string): CommentThread[] {
  const classes = preview.credit_note_rows.map((row) => {
    const when = formatClassDateTime(row.class_datetime);
    return { classHash: row.class_hash, title: when ? `${row.class_name} · ${when}` : row.class_name, comments: row.comment.comments };
  });
  return [{ classHash: OVERALL_FEEDBACK, title: overallTitle, comments: preview.overall_feedback.comments }, ...classes].filter((thread) => thread.comments.length > 0);
}

/**
 * Summary, Trainer tab 'View comments' (spec 2.12 'trainer feedback comments' modal): the trainer's
 * comment threads of this settlement, read only, from the same call as the preview check (2.10).
 */
export function TrainerCommentsModal({
  group,
  settlementUuid,
  trainer,
  onClose,
}: {
  group: TStudioGroupRef;
  settlementUuid: string;
  trainer: { uuid: string; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const preview = useCreditNotePreview(group, settlementUuid, trainer?.uuid ?? null);
  const threads = preview.data ? threadsWithComments(preview.data, t('previewCheck.overallTitle')) : [];

  return (
    <Modal opened={trainer !== null} onClose={onClose} size="lg" title={trainer ? t('settlement.summary.commentsTitle', { trainer: trainer.name }) : ''} data-testid="summary-comments-modal">
      {preview.isPending ? (
        <Center mih={120}>
          <Loader type="dots" aria-label={t('common.loading')} />
        </Center>
      ) : preview.isError ? (
        <Alert color="red" icon={<IconAlert />} data-testid="summary-comments-error">
          {errorMessage(preview.error)}
        </Alert>
      ) : threads.length === 0 ? (
        <Alert color="gray" icon={<IconInfo />} data-testid="summary-comments-none">
          {t('settlement.summary.noFeedbackComments')}
        </Alert>
      ) : (
        <Stack gap="md">
          {threads.map((thread, index) => (
            <Stack key={thread.classHash} gap="xs" data-testid="summary-comment-thread">
              {index > 0 && <Divider />}
              <Title order={4} fz="sm">
                {thread.title}
              </Title>
              <CommentList comments={thread.comments} classHash={thread.classHash} />
            </Stack>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
