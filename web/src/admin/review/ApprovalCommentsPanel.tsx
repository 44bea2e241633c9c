import { Alert, Button, Card, Group, Menu, ScrollArea, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MOODS, type TApprovalEntry, type TCommentMood } from '../../../../contracts/review.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert } from '../../shared/components/icons';
import { useLocale } from '../../shared/hooks/use-locale';
import { formatSettlementTime } from '../../shared/format';
import { unixToIso } from '../shared/class-time';
import { CommentList, MOOD_EMOJI, type CommentThread } from '../shared/CommentList';
import { IconComment } from './icons';

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
