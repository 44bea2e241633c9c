import { Badge, Box, Button, Card, Checkbox, Group, Menu, Paper, ScrollArea, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMMENT_MOODS,
  OVERALL_FEEDBACK,
  type TApprovalValue,
  type TComment,
  type TCommentMood,
  type TCreditNotePreview,
} from '../../../../contracts/review.contract';
import { errorMessage } from '../../shared/api/client';
import { useLocale } from '../../shared/hooks/use-locale';
import { creditNotePreviewQueryKeys, useAddReviewComment, useApproveReview } from './api';
import { IconChatBubble } from './icons';
import { MOOD_EMOJI } from './moods';
import { currentApproval, formatApprovalTime, formatClassDateTime } from './review-format';

/** Spec 9: the comment thread is 600 px high. */
const THREAD_HEIGHT = 600;

type Target = { studioGroupUuid: string; settlementUuid: string };

function ApproverLine({ value }: { value: TApprovalValue }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const current = currentApproval(value);
  if (!current?.approved) return <Text size="xs" c="dimmed">{t('trainerPortal.review.notApproved')}</Text>;
  return (
    <Text size="xs" c="dimmed" data-testid="review-approver">
      {t('trainerPortal.review.approvalBy', { user: current.user, time: formatApprovalTime(current.timestamp, locale) })}
    </Text>
  );
}

/** A disabled switch is grey whatever its state, so an approval also gets a green mark. */
function SwitchLabel({ label, approved }: { label: string; approved: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <span>{label}</span>
      {approved && (
        <Badge color="green" variant="light" size="sm" component="span">
          {t('trainerPortal.creditNotes.approved')}
        </Badge>
      )}
    </Group>
  );
}

/**
 * 'Approved by' (trainer portal 2, 4): the company's switch is read-only; the trainer's sends its
 * state to /approve. Approving needs the confirmation box ticked; withdrawing does not. Locked once
 * the company approved or the credit note exists.
 */
function ApprovalCard({ preview, target }: { preview: TCreditNotePreview; target: Target }) {
  const { t } = useTranslation();
  const approve = useApproveReview(target);
  const [confirmed, setConfirmed] = useState(false);
  // While the call runs the switch shows the state asked for; the answer (then the refetch) settles it.
  const [asked, setAsked] = useState<boolean | null>(null);
  const info = preview.credit_note_info;
  const trainerApproved = asked ?? currentApproval(info.approved_by_trainer)?.approved === true;
  const companyApproved = currentApproval(info.approved_by_company)?.approved === true;
  const needsConfirmation = !trainerApproved && !confirmed;

  const toggle = (approved: boolean) => {
    if (approved && !confirmed) return;
    setAsked(approved);
    approve.mutate(approved, {
      onSettled: () => setAsked(null),
      onSuccess: () =>
        notifications.show({ color: 'green', message: approved ? t('trainerPortal.review.approvedToast') : t('trainerPortal.review.unapprovedToast'), withBorder: true }),
      onError: (error) => notifications.show({ color: 'red', title: t('trainerPortal.review.approveError'), message: errorMessage(error), withBorder: true }),
    });
  };

  return (
    <Card data-testid="review-approval">
      <Title order={3} size="h5" mb="sm">
        {t('trainerPortal.review.approvedBy')}
      </Title>
      <Stack gap="md">
        <Box>
          <Switch
            label={<SwitchLabel label={t('trainerPortal.review.company')} approved={companyApproved} />}
            checked={companyApproved}
            readOnly
            disabled
            color="green"
            aria-readonly
            data-testid="review-company-switch"
          />
          <Box pl={54}>
            <ApproverLine value={info.approved_by_company} />
          </Box>
        </Box>
        <Box>
          <Switch
            label={<SwitchLabel label={t('trainerPortal.review.trainer')} approved={trainerApproved} />}
            checked={trainerApproved}
            onChange={(event) => toggle(event.currentTarget.checked)}
            disabled={preview.locked || asked !== null || needsConfirmation}
            color="green"
            data-testid="review-trainer-switch"
          />
          <Box pl={54}>
            <ApproverLine value={info.approved_by_trainer} />
            {!preview.locked && needsConfirmation && (
              <Text size="xs" c="orange" data-testid="review-confirm-first">
                {t('trainerPortal.review.confirmFirst')}
              </Text>
            )}
          </Box>
        </Box>
        {!preview.locked && !trainerApproved && (
          <Checkbox
            checked={confirmed}
            onChange={(event) => setConfirmed(event.currentTarget.checked)}
            label={t('trainerPortal.review.confirm')}
            data-testid="review-confirm"
          />
        )}
      </Stack>
    </Card>
  );
}

function CommentBubble({ comment }: { comment: TComment }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const own = comment.role === 'ROLE_TRAINER';
  return (
    // Trainer comments left; the studio's answers right, in grey (spec 2, second variant).
    <Group justify={own ? 'flex-start' : 'flex-end'} data-testid="review-comment" data-role={comment.role}>
      <Paper p="xs" radius="md" maw="85%" bg={own ? 'var(--mantine-color-brand-0)' : 'var(--mantine-color-gray-1)'} ta={own ? 'left' : 'right'}>
        <Group gap={6} justify={own ? 'flex-start' : 'flex-end'} wrap="nowrap">
          <Text size="xs" fw={700}>
            {own ? `${comment.name} (${t('trainerPortal.review.you')})` : comment.name}
          </Text>
          {comment.mood && (
            <Text span size="sm" title={t(`trainerPortal.review.moods.${comment.mood}`)} data-testid="review-comment-mood">
              {MOOD_EMOJI[comment.mood]}
            </Text>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {formatApprovalTime(comment.timestamp, locale)}
        </Text>
        <Text size="sm" c={own ? undefined : 'gray.8'} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.comment}
        </Text>
      </Paper>
    </Group>
  );
}

function MoodPicker({ mood, onChange }: { mood: TCommentMood | ''; onChange: (mood: TCommentMood | '') => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={mood ? <span aria-hidden>{MOOD_EMOJI[mood]}</span> : <IconChatBubble size={14} />}
          aria-label={`${t('trainerPortal.review.mood')}: ${mood ? t(`trainerPortal.review.moods.${mood}`) : t('trainerPortal.review.choose')}`}
          data-testid="review-mood"
          data-mood={mood}
        >
          {mood ? t(`trainerPortal.review.moods.${mood}`) : t('trainerPortal.review.choose')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconChatBubble size={14} />} onClick={() => onChange('')} data-testid="review-mood-none">
          {t('trainerPortal.review.choose')}
        </Menu.Item>
        {COMMENT_MOODS.map((choice) => (
          <Menu.Item key={choice} leftSection={<span aria-hidden>{MOOD_EMOJI[choice]}</span>} onClick={() => onChange(choice)} data-testid={`review-mood-${choice}`}>
            {t(`trainerPortal.review.moods.${choice}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The thread of the selected row (or the overall feedback) and, while open, the comment form. */
function CommentCard({ preview, target, selected, threadRef }: { preview: TCreditNotePreview; target: Target; selected: string | null; threadRef?: Ref<HTMLDivElement> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const addComment = useAddReviewComment(target);
  const [text, setText] = useState('');
  const [mood, setMood] = useState<TCommentMood | ''>('');

  if (!selected) {
    return (
      <Card data-testid="review-thread">
        <Title order={3} size="h5" mb="xs">
          {t('trainerPortal.review.threadTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('trainerPortal.review.selectRow')}
        </Text>
      </Card>
    );
  }
  const row = preview.credit_note_rows.find((candidate) => candidate.class_hash === selected);
  const isOverall = selected === OVERALL_FEEDBACK || !row;
  const name = isOverall ? t('trainerPortal.review.overallFeedback') : [row.class_name, formatClassDateTime(row.class_datetime)].filter(Boolean).join(', ');
  const comments = isOverall ? preview.overall_feedback.comments : row.comment.comments;

  const submit = () => {
    if (text.trim() === '') return;
    addComment.mutate(
      {
        comment: text,
        classHash: isOverall ? OVERALL_FEEDBACK : row.class_hash,
        className: isOverall ? OVERALL_FEEDBACK : row.class_name,
        classDateTime: isOverall ? '' : formatClassDateTime(row.class_datetime),
        mood,
      },
      {
        onSuccess: (answer) => {
          // The answer is the row's whole thread: show it at once, the refetch confirms the rest.
          queryClient.setQueriesData<TCreditNotePreview | null>({ queryKey: creditNotePreviewQueryKeys.details() }, (current) => {
            if (!current || current.settlementUuid !== target.settlementUuid) return current;
            if (isOverall) return { ...current, overall_feedback: { comments: answer.comments } };
            return {
              ...current,
              credit_note_rows: current.credit_note_rows.map((candidate) =>
                candidate.class_hash === selected ? { ...candidate, comment: { ...candidate.comment, comments: answer.comments } } : candidate,
              ),
            };
          });
          setText('');
          // Spec 4: the mood resets to the empty choice after each submission.
          setMood('');
          notifications.show({ color: 'green', message: t('trainerPortal.review.commentSaved'), withBorder: true });
        },
        onError: (error) => notifications.show({ color: 'red', title: t('trainerPortal.review.commentError'), message: errorMessage(error), withBorder: true }),
      },
    );
  };

  return (
    // The scroll margin keeps the thread clear of the fixed top bar when it is scrolled to.
    <Card ref={threadRef} data-testid="review-thread" data-class-hash={selected} style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 64px) + 8px)' }}>
      <Title order={3} size="h5" mb="xs">
        {t('trainerPortal.review.threadFor', { name })}
      </Title>
      {!preview.locked && (
        <Stack gap="xs" mb="sm">
          <Textarea
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            placeholder={t('trainerPortal.review.commentPlaceholder')}
            aria-label={t('trainerPortal.review.commentPlaceholder')}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={2000}
            data-testid="review-comment-input"
          />
          <Group justify="space-between">
            <MoodPicker mood={mood} onChange={setMood} />
            <Button size="xs" onClick={submit} disabled={text.trim() === ''} loading={addComment.isPending} data-testid="review-comment-submit">
              {t('trainerPortal.review.commentSubmit')}
            </Button>
          </Group>
        </Stack>
      )}
      <ScrollArea.Autosize mah={THREAD_HEIGHT} type="auto" offsetScrollbars>
        {comments.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="review-thread-empty">
            {t('trainerPortal.review.threadEmpty')}
          </Text>
        ) : (
          <Stack gap="xs">
            {comments.map((comment) => (
              <CommentBubble key={comment.uuid} comment={comment} />
            ))}
          </Stack>
        )}
      </ScrollArea.Autosize>
    </Card>
  );
}

/** Right column of the review screen: approvals, then the selected row's comments. */
export function ReviewSidePanel({ preview, target, selected, threadRef }: { preview: TCreditNotePreview; target: Target; selected: string | null; threadRef?: Ref<HTMLDivElement> }) {
  return (
    <Stack gap="md">
      <ApprovalCard preview={preview} target={target} />
      <CommentCard key={selected ?? 'none'} preview={preview} target={target} selected={selected} threadRef={threadRef} />
    </Stack>
  );
}
