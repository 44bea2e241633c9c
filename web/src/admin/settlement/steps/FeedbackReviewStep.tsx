import { ActionIcon, Alert, Anchor, Box, Button, Card, Center, Checkbox, Group, Loader, Modal, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TReviewRow, TTrainerReview } from '../../../../../contracts/review.contract';
import type { TStudioGroupRef } from '../../../../../contracts/auth.contract';
import { errorMessage } from '../../../shared/api/client';
import { IconAlert, IconArrowLeft, IconInfo } from '../../../shared/components/icons';
import { useLocale } from '../../../shared/hooks/use-locale';
import { useSaveTrainerReview, useTrainerReviews } from '../api';
import { parseCourse, rowsWithFeedback, sortReviewRows } from './review-course';
import type { WizardStepProps } from '../wizard/wizard-types';

/** Green: the company approved the trainer; grey: pending (spec 2.7). */
function StatusDot({ approved }: { approved: boolean }) {
  return (
    <Box
      component="span"
      w={10}
      h={10}
      style={{ borderRadius: '50%', display: 'inline-block', flexShrink: 0, background: approved ? 'var(--mantine-color-green-6)' : 'var(--mantine-color-gray-5)' }}
      data-approved={approved}
    />
  );
}

/**
 * Step 4 (spec 2.7, 4 "Trainer feedback save"): per trainer the feedback they left on their classes;
 * the company answers per row, approves rows and marks the review finished (= the company approves
 * the trainer). The same trainer stays selected after saving, and the reviews reload.
 */
export function FeedbackReviewStep({ group, settlementUuid, settlement, goToStep }: WizardStepProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const reviews = useTrainerReviews(group, settlementUuid);
  const [selected, setSelected] = useState<string | null>(null);
  const [missingOpen, setMissingOpen] = useState(false);
  const inProgress = settlement?.status === 'in_progress';

  const list = reviews.data ?? [];
  const chosen = list.find((review) => review.trainerUuid === selected) ?? list[0] ?? null;
  const submitted = list.filter((review) => review.trainerApproved).length;
  const missing = list.filter((review) => !review.trainerApproved);

  return (
    <Stack gap="md" data-testid="settlement-feedback-step">
      <Card>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={4} maw={620}>
              <Title order={3} fz="lg">
                {t('feedbackReview.heading')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('feedbackReview.info')}
              </Text>
            </Stack>
            <Group gap="sm">
              <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void goToStep(1)} disabled={!inProgress} data-testid="feedback-back">
                {t('feedbackReview.data')}
              </Button>
              <Button onClick={() => void goToStep(4)} disabled={!inProgress} data-testid="feedback-credit-notes">
                {t('feedbackReview.creditNotes')}
              </Button>
            </Group>
          </Group>
          <Group justify="space-between" gap="md">
            <Anchor component={Link} to={`/${locale}/admin/settlement/${settlementUuid}/preview-check`} data-testid="wizard-preview-check-link">
              {t('previewCheck.link')}
            </Anchor>
          </Group>
        </Stack>
      </Card>

      {reviews.isPending ? (
        <Center mih={160}>
          <Loader type="dots" aria-label={t('common.loading')} />
        </Center>
      ) : reviews.isError ? (
        <Alert color="red" icon={<IconAlert />} role="alert" data-testid="feedback-load-error">
          {t('feedbackReview.loadError', { id: settlementUuid })}
        </Alert>
      ) : list.length === 0 ? (
        <Alert color="gray" icon={<IconInfo />} data-testid="feedback-none">
          {t('feedbackReview.noFeedback')}
        </Alert>
      ) : (
        <Card>
          <Stack gap="md">
            <Group justify="space-between" gap="md">
              <Select
                w={360}
                label={t('feedbackReview.trainer')}
                searchable
                allowDeselect={false}
                value={chosen?.trainerUuid ?? null}
                onChange={setSelected}
                data={list.map((review) => ({ value: review.trainerUuid, label: review.trainerName }))}
                leftSection={chosen ? <StatusDot approved={chosen.approved} /> : undefined}
                renderOption={({ option }) => {
                  const review = list.find((item) => item.trainerUuid === option.value);
                  return (
                    <Group gap="xs" wrap="nowrap">
                      <StatusDot approved={Boolean(review?.approved)} />
                      <Text size="sm">{option.label}</Text>
                    </Group>
                  );
                }}
                data-testid="feedback-trainer-select"
              />
              <Group gap="xs">
                <Text size="sm" fw={600} data-testid="feedback-counter">
                  {t('feedbackReview.counter', { submitted, total: list.length })}
                </Text>
                <ActionIcon variant="light" onClick={() => setMissingOpen(true)} aria-label={t('feedbackReview.missingTitle')} data-testid="feedback-missing-open">
                  <IconInfo size={16} />
                </ActionIcon>
              </Group>
            </Group>
            {chosen && (
              <ReviewEditor
                // A reload (after saving, or live) starts the form from the saved review.
                key={`${chosen.trainerUuid}:${reviews.dataUpdatedAt}`}
                group={group}
                settlementUuid={settlementUuid}
                review={chosen}
                editable={inProgress}
              />
            )}
          </Stack>
        </Card>
      )}

      <Modal opened={missingOpen} onClose={() => setMissingOpen(false)} title={t('feedbackReview.missingTitle')} data-testid="feedback-missing-modal">
        <Stack gap="sm">
          {missing.length === 0 ? (
            <Text size="sm">{t('feedbackReview.missingNone')}</Text>
          ) : (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>TrainerID</Table.Th>
                  <Table.Th>{t('feedbackReview.trainer')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {missing.map((review) => (
                  <Table.Tr key={review.trainerUuid}>
                    <Table.Td ff="monospace">{review.TrainerID}</Table.Td>
                    <Table.Td>{review.trainerName}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setMissingOpen(false)} data-testid="feedback-missing-close">
              {t('feedbackReview.close')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

type Draft = Record<string, Pick<TReviewRow, 'company_comment' | 'company_approved'>>;

function ReviewEditor({ group, settlementUuid, review, editable }: { group: TStudioGroupRef; settlementUuid: string; review: TTrainerReview; editable: boolean }) {
  const { t } = useTranslation();
  const save = useSaveTrainerReview(group, settlementUuid);
  const [draft, setDraft] = useState<Draft>({});
  const [finished, setFinished] = useState(review.approved);
  const rows = sortReviewRows(rowsWithFeedback(review.review));

  if (rows.length === 0) {
    return (
      <Alert color="gray" icon={<IconInfo />} data-testid="feedback-trainer-none">
        {t('feedbackReview.trainerNoFeedback')}
      </Alert>
    );
  }

  const valueOf = (row: TReviewRow) => ({ ...row, ...draft[row.row_id] });
  const change = (row: TReviewRow, patch: Partial<Draft[string]>) =>
    setDraft((current) => ({ ...current, [row.row_id]: { company_comment: valueOf(row).company_comment, company_approved: valueOf(row).company_approved, ...patch } }));

  const onSave = () =>
    save.mutate(
      // Every row goes back (the call replaces the review), with the company's edits.
      { trainerUuid: review.trainerUuid, review: review.review.map(valueOf), approved: finished },
      { onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message || t('feedbackReview.saved'), withBorder: true }) },
    );

  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" data-testid="feedback-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="28%">{t('feedbackReview.columns.course')}</Table.Th>
              <Table.Th w="28%">{t('feedbackReview.columns.feedback')}</Table.Th>
              <Table.Th>{t('feedbackReview.columns.comment')}</Table.Th>
              <Table.Th w={90}>{t('feedbackReview.columns.approved')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const value = valueOf(row);
              const course = parseCourse(row.course);
              return (
                <Table.Tr key={row.row_id} data-testid={`feedback-row-${row.row_id}`}>
                  <Table.Td>
                    {course.kind === 'overall' ? (
                      <Text size="sm" fw={600}>
                        {t('feedbackReview.overall')}
                      </Text>
                    ) : course.kind === 'text' ? (
                      <Text size="sm">{course.text}</Text>
                    ) : (
                      <Stack gap={2}>
                        <Text size="sm" fw={600}>
                          {course.className}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {course.studio} · {course.date}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t('feedbackReview.courseDetails', { slots: course.bookedSlots, net: course.net, gross: course.gross })}
                        </Text>
                      </Stack>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {row.trainer_review_comment}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Textarea
                      autosize
                      minRows={2}
                      maxLength={2000}
                      aria-label={t('feedbackReview.columns.comment')}
                      value={value.company_comment ?? ''}
                      onChange={(event) => change(row, { company_comment: event.currentTarget.value })}
                      disabled={!editable}
                      data-testid={`feedback-comment-${row.row_id}`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('feedbackReview.columns.approved')}
                      checked={value.company_approved}
                      onChange={(event) => change(row, { company_approved: event.currentTarget.checked })}
                      disabled={!editable}
                      data-testid={`feedback-approved-${row.row_id}`}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {save.isError && (
        <Alert color="red" icon={<IconAlert />} data-testid="feedback-save-error">
          {errorMessage(save.error)}
        </Alert>
      )}
      <Group justify="flex-end" gap="md">
        <Checkbox
          label={t('feedbackReview.finished')}
          checked={finished}
          onChange={(event) => setFinished(event.currentTarget.checked)}
          disabled={!editable}
          data-testid="feedback-finished"
        />
        <Button onClick={onSave} loading={save.isPending} disabled={!editable} data-testid="feedback-save">
          {t('feedbackReview.save')}
        </Button>
      </Group>
    </Stack>
  );
}
