import { Alert, Box, Button, Card, Group, Menu, ScrollArea, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MOODS, type TApprovalEntry, type TComment, type TCommentMood } from '../../../../../contracts/review.contract';
import { errorMessage } from '../../../shared/api/client';
import { IconAlert } from '../../../shared/components/icons';
import { useLocale } from '../../../shared/hooks/use-locale';
import { formatSettlementTime } from '../../../shared/format';
import { unixToIso } from '../preview-check';
import { IconComment } from './icons';

/** The five moods of a comment (spec 3); none chosen shows the chat bubble and 'Choose'. */
export const MOOD_EMOJI: Record<TCommentMood, string> = { excited: '🤩', loved: '😍', happy: '😊', sad: '😢', thumbsy: '👍' };

function ApprovalSwitch({
  label,
  approval,
  editable,
  busy,
  onChange,
  testId,
}: {
  label: string;
  approval: TApprovalEntry | null;
  editable: boolean;
  busy?: boolean;
  onChange?: (approved: boolean) => void;
  testId: string;
}) {
  const locale = useLocale();
  return (
    <Stack gap={2}>
      <Switch
        label={label}
        checked={approval?.approved ?? false}
        readOnly={!editable}
        aria-readonly={!editable}
        // Read-only (the trainer's own switch) still shows its state in colour; only a running change disables it.
        disabled={busy}
        onChange={(event) => editable && onChange?.(event.currentTarget.checked)}
        style={editable ? undefined : { pointerEvents: 'none' }}
        data-testid={testId}
        color="green"
      />
      {approval && (
        <Text size="xs" c="dimmed" pl={46} data-testid={`${testId}-time`}>
          {approval.user} · {formatSettlementTime(unixToIso(approval.timestamp), locale)}
        </Text>
      )}
    </Stack>
  );
}

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

type Props = {
  companyApproval: TApprovalEntry | null;
  trainerApproval: TApprovalEntry | null;
  onApproveCompany: (approved: boolean) => void;
  approvingCompany: boolean;
  approveError: unknown;
  thread: CommentThread;
  onComment: (comment: { text: string; mood: TCommentMood | '' }) => Promise<unknown>;
  commenting: boolean;
  commentError: unknown;
  editable: boolean;
};

/** Right column of the preview check (spec 2.10): the approvals and the selected row's comment thread. */
export function ApprovalCommentsPanel({ companyApproval, trainerApproval, onApproveCompany, approvingCompany, approveError, thread, onComment, commenting, commentError, editable }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [mood, setMood] = useState<TCommentMood | ''>('');

  const submit = async () => {
    if (!text.trim()) return;
    try {
      await onComment({ text, mood });
      setText('');
      setMood('');
    } catch {
      // the error shows below the form
    }
  };

  return (
    <Stack gap="md">
      <Card>
        <Stack gap="sm">
          <Title order={4} fz="md">
            {t('previewCheck.approvedBy')}
          </Title>
          <ApprovalSwitch
            label={t('previewCheck.company')}
            approval={companyApproval}
            editable={editable}
            busy={approvingCompany}
            onChange={onApproveCompany}
            testId="preview-company-switch"
          />
          <ApprovalSwitch label={t('previewCheck.trainerMark')} approval={trainerApproval} editable={false} testId="preview-trainer-switch" />
          {approveError ? (
            <Alert color="red" icon={<IconAlert />} py="xs" data-testid="preview-approve-error">
              {errorMessage(approveError)}
            </Alert>
          ) : null}
        </Stack>
      </Card>

      <Card>
        <Stack gap="sm">
          <Title order={4} fz="md" data-testid="preview-thread-title">
            {thread.title}
          </Title>
          <Textarea
            placeholder={t('previewCheck.commentPlaceholder')}
            aria-label={t('previewCheck.commentPlaceholder')}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={2000}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            data-testid="preview-comment-input"
          />
          <Group justify="space-between" gap="xs">
            <Menu position="bottom-start" withinPortal>
              <Menu.Target>
                <Button variant="default" size="xs" leftSection={mood ? <span aria-hidden>{MOOD_EMOJI[mood]}</span> : <IconComment size={14} />} data-testid="preview-comment-mood">
                  {mood ? t(`previewCheck.moods.${mood}`) : t('previewCheck.chooseMood')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => setMood('')}>{t('previewCheck.chooseMood')}</Menu.Item>
                {COMMENT_MOODS.map((value) => (
                  <Menu.Item key={value} leftSection={<span aria-hidden>{MOOD_EMOJI[value]}</span>} onClick={() => setMood(value)} data-testid={`preview-comment-mood-${value}`}>
                    {t(`previewCheck.moods.${value}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <Button size="xs" onClick={() => void submit()} disabled={!text.trim()} loading={commenting} data-testid="preview-comment-submit">
              {t('previewCheck.comment')}
            </Button>
          </Group>
          {commentError ? (
            <Alert color="red" icon={<IconAlert />} py="xs" data-testid="preview-comment-error">
              {errorMessage(commentError)}
            </Alert>
          ) : null}
          <ScrollArea.Autosize mah={400} type="auto" offsetScrollbars>
            <CommentList comments={thread.comments} classHash={thread.classHash} />
          </ScrollArea.Autosize>
        </Stack>
      </Card>
    </Stack>
  );
}
