import { Alert, Anchor, Badge, Box, Button, Card, Center, Checkbox, Group, Loader, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import '../../shared/mantine-styles-app'; // the UI kit's CSS beyond the trainer portal's first screen
import { notifications } from '@mantine/notifications';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { OVERALL_FEEDBACK, type TApprovalValue, type TComment, type TCreditNotePreview, type TTrainerSettlementReview } from '../../../../contracts/review.contract';
import { errorMessage } from '../../shared/api/client';
import { IconInfo } from '../../shared/components/icons';
import { formatEuros, formatMonth } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { usePhone } from '../../shared/hooks/use-phone';
import { reviewPath } from './CreditNotesPreviewList';
import { Figure } from './Figure';
import { useCreditNotePreview, useSaveSettlementReview, useSettlementReview } from './api';
import { reviewExists, reviewRowsToSend } from './settlement-review';
import { IconLock } from './icons';
import { currentApproval, formatApprovalTime, formatClassDateTime, isAdminRow } from './review-format';

// Printing leaves the portal's frame (top bar, sidebar) and the page's own buttons off the paper.
const PRINT_CSS = `@media print {
  .mantine-AppShell-header, .mantine-AppShell-navbar, [data-print-hidden] { display: none !important; }
  .mantine-AppShell-main { padding: 0 !important; background: #fff !important; }
  [data-testid="credit-note-review-print"] textarea { border: 1px solid #999 !important; }
}`;

type Target = { studioGroupUuid: string; settlementUuid: string };

function ApprovalState({ label, value, companyNote, testId }: { label: string; value: TApprovalValue; companyNote?: boolean; testId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const current = currentApproval(value);
  const approved = current?.approved === true;
  return (
    <Card withBorder p="sm" data-testid={testId} data-approved={approved || undefined}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Group gap="xs" mt={4} wrap="wrap">
        <Badge color={approved ? 'green' : 'yellow'} variant="light">
          {approved ? t('monthClose.printReview.approved') : t('monthClose.printReview.pending')}
        </Badge>
        {approved && current && (
          <Text size="sm">
            {companyNote
              ? t('monthClose.printReview.approvedBy', { user: current.user, time: formatApprovalTime(current.timestamp, locale) })
              : t('monthClose.printReview.approvedOn', { time: formatApprovalTime(current.timestamp, locale) })}
          </Text>
        )}
      </Group>
      {approved && companyNote && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('monthClose.printReview.companyNote')}
        </Text>
      )}
    </Card>
  );
}

/** Existing comments of a row: name, date, text (the shared thread of the row). */
function CommentList({ comments }: { comments: TComment[] }) {
  const locale = useLocale();
  if (comments.length === 0) return null;
  return (
    <Stack gap={4} mb={6} data-testid="print-review-comments">
      {[...comments].reverse().map((comment) => (
        <Box key={comment.uuid} data-testid="print-review-comment">
          <Text size="xs" c="dimmed">
            {comment.name} · {formatApprovalTime(comment.timestamp, locale)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {comment.comment}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * The content of the server-rendered credit-note review page (trainer portal 2): header, approval
 * states, sum cards, the classes with their comments and one new-comment field each, the overall
 * feedback, and 'Approve credit note' with Save. The spec leaves the form's target open: it saves
 * through settlement_review (POST first, then PUT) with the confirmation as the trainer's approval.
 */
function PrintReviewForm({ target, preview, review }: { target: Target; preview: TCreditNotePreview; review: TTrainerSettlementReview | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const save = useSaveSettlementReview(target);
  const [comments, setComments] = useState<Record<string, string>>({});
  const [approve, setApprove] = useState(false);
  const saved = useRef(false);
  const info = preview.credit_note_info;
  // Spec 4: editing is disabled once the trainer approved, or the company approved (or the credit note exists).
  const disabled = preview.locked || currentApproval(info.approved_by_trainer)?.approved === true || currentApproval(info.approved_by_company)?.approved === true || !review;
  const footer = preview.credit_note_footer;
  const phone = usePhone();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!approve || disabled || !review) return;
    // New comments only: a row without a new text keeps what it had.
    const fresh = Object.fromEntries(Object.entries(comments).filter(([, text]) => text.trim() !== ''));
    const method = saved.current || reviewExists(review) ? 'PUT' : 'POST';
    save.mutate(
      { method, review: reviewRowsToSend(review.review, fresh), approved: true },
      {
        onSuccess: () => {
          saved.current = true;
          setComments({});
          notifications.show({ color: 'green', message: t('monthClose.settlementReview.saved'), withBorder: true });
        },
        onError: (error) => notifications.show({ color: 'red', title: t('monthClose.settlementReview.saveError'), message: errorMessage(error), withBorder: true }),
      },
    );
  };

  const field = (rowId: string, label: string) => (
    <Textarea
      aria-label={label}
      placeholder={t('monthClose.printReview.newComment')}
      value={comments[rowId] ?? ''}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setComments((current) => ({ ...current, [rowId]: text }));
      }}
      disabled={disabled || save.isPending}
      autosize
      minRows={1}
      maxRows={5}
      maxLength={2000}
      data-testid={`print-review-comment-${rowId}`}
    />
  );

  const sums = [
    { key: 'net', label: t('trainerPortal.review.sums.net'), value: footer.sum_net },
    { key: 'vat', label: t('trainerPortal.review.sums.vat'), value: footer.sum_vat },
    { key: 'gross', label: t('trainerPortal.review.sums.gross'), value: footer.sum_gross },
  ];

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={2} spacing="sm">
          <ApprovalState label={t('monthClose.printReview.approvedByCompany')} value={info.approved_by_company} companyNote testId="print-review-company" />
          <ApprovalState label={t('monthClose.printReview.approvedByTrainer')} value={info.approved_by_trainer} testId="print-review-trainer" />
        </SimpleGrid>
        <SimpleGrid cols={3} spacing={phone ? 'xs' : 'sm'} data-testid="print-review-sums">
          {sums.map((sum) => (
            <Card key={sum.key} withBorder p={phone ? 'xs' : 'sm'}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                {sum.label}
              </Text>
              <Text fz={phone ? 'sm' : 'lg'} fw={700} ff="monospace" data-testid={`print-review-sum-${sum.key}`}>
                {formatEuros(sum.value)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        {disabled ? (
          <Alert color="blue" icon={<IconLock />} data-testid="print-review-locked">
            {t('monthClose.printReview.locked')}
          </Alert>
        ) : (
          <Alert color="brand" variant="light" icon={<IconInfo />} data-testid="print-review-intro">
            {t('monthClose.printReview.intro')}
          </Alert>
        )}
        {phone ? (
          // On a phone the comment column does not fit beside the figures: a card per class,
          // its figures in a row, its comments and new comment under them.
          <Stack gap="xs" data-testid="print-review-table">
            {preview.credit_note_rows.map((row) => {
              const admin = isAdminRow(row);
              return (
                <Card key={row.class_hash} withBorder p="sm" data-testid="print-review-row" data-row-id={row.class_hash}>
                  <Text size="sm" fw={600}>
                    {row.class_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {admin ? t('trainerPortal.review.administration') : `${row.studio_name} · ${formatClassDateTime(row.class_datetime)} · ${t('trainerPortal.review.minutes', { count: row.class_duration })}`}
                  </Text>
                  <SimpleGrid cols={3} spacing={4} my={6}>
                    <Figure label={t('monthClose.printReview.columns.net')} value={formatEuros(row.value_net)} />
                    <Figure label={t('monthClose.printReview.columns.vat')} value={formatEuros(row.value_vat)} />
                    <Figure label={t('monthClose.printReview.columns.gross')} value={formatEuros(row.value_gross)} />
                  </SimpleGrid>
                  <CommentList comments={row.comment.comments} />
                  {field(row.class_hash, t('trainerPortal.review.threadFor', { name: row.class_name }))}
                </Card>
              );
            })}
            <Card withBorder p="sm" data-testid="print-review-row" data-row-id={OVERALL_FEEDBACK}>
              <Text size="sm" fw={700}>
                {t('monthClose.printReview.overallFeedback')}
              </Text>
              <Text size="xs" c="dimmed" mb={6}>
                {t('trainerPortal.review.overallFeedbackHint')}
              </Text>
              <CommentList comments={preview.overall_feedback.comments} />
              {field(OVERALL_FEEDBACK, t('monthClose.printReview.overallFeedback'))}
            </Card>
          </Stack>
        ) : (
          <Table withTableBorder verticalSpacing="sm" fz="sm" data-testid="print-review-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('monthClose.printReview.columns.className')}</Table.Th>
                <Table.Th ta="right">{t('monthClose.printReview.columns.net')}</Table.Th>
                <Table.Th ta="right">{t('monthClose.printReview.columns.vat')}</Table.Th>
                <Table.Th ta="right">{t('monthClose.printReview.columns.gross')}</Table.Th>
                <Table.Th w="40%">{t('monthClose.printReview.columns.comment')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.credit_note_rows.map((row) => {
                const admin = isAdminRow(row);
                return (
                  <Table.Tr key={row.class_hash} data-testid="print-review-row" data-row-id={row.class_hash} style={{ breakInside: 'avoid' }}>
                    <Table.Td style={{ verticalAlign: 'top' }}>
                      <Text size="sm" fw={600}>
                        {row.class_name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {admin
                          ? t('trainerPortal.review.administration')
                          : `${row.studio_name} · ${formatClassDateTime(row.class_datetime)} · ${t('trainerPortal.review.minutes', { count: row.class_duration })}`}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace" style={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                      {formatEuros(row.value_net)}
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace" style={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                      {formatEuros(row.value_vat)}
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace" style={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                      {formatEuros(row.value_gross)}
                    </Table.Td>
                    <Table.Td style={{ verticalAlign: 'top' }}>
                      <CommentList comments={row.comment.comments} />
                      {field(row.class_hash, t('trainerPortal.review.threadFor', { name: row.class_name }))}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              <Table.Tr data-testid="print-review-row" data-row-id={OVERALL_FEEDBACK} style={{ breakInside: 'avoid' }}>
                <Table.Td colSpan={4} style={{ verticalAlign: 'top' }}>
                  <Text size="sm" fw={700}>
                    {t('monthClose.printReview.overallFeedback')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('trainerPortal.review.overallFeedbackHint')}
                  </Text>
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <CommentList comments={preview.overall_feedback.comments} />
                  {field(OVERALL_FEEDBACK, t('monthClose.printReview.overallFeedback'))}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}
        <Card withBorder>
          <Stack gap="sm">
            <Checkbox
              checked={approve}
              onChange={(event) => setApprove(event.currentTarget.checked)}
              disabled={disabled}
              label={t('monthClose.printReview.approveLabel')}
              description={t('monthClose.printReview.approveText')}
              data-testid="print-review-approve"
            />
            <Group data-print-hidden>
              <Button type="submit" disabled={disabled || !approve} loading={save.isPending} data-testid="print-review-save">
                {t('monthClose.printReview.save')}
              </Button>
            </Group>
          </Stack>
        </Card>
        <Text size="xs" c="dimmed" ta="right">
          {formatMonth(preview.settlementMonth, locale)}
        </Text>
      </Stack>
    </form>
  );
}

/**
 * /:locale/trainer/accounting/review/:studioGroupUuid/:settlementUuid/print — the credit-note review
 * as one printable page (trainer portal 2 "Server-rendered credit-note review page").
 */
export function CreditNoteReviewPrintPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { studioGroupUuid, settlementUuid } = useParams();
  const preview = useCreditNotePreview({ studioGroupUuid, settlementUuid });
  const review = useSettlementReview({ studioGroupUuid, settlementUuid });

  if ((preview.isPending || review.isPending) && Boolean(studioGroupUuid && settlementUuid)) {
    return (
      <Center py="xl" mih={300}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!studioGroupUuid || !settlementUuid || !preview.data) {
    return (
      <Alert color="gray" icon={<IconInfo />} data-testid="print-review-no-data">
        {t('trainerPortal.review.noData')}
      </Alert>
    );
  }
  const data = preview.data;
  return (
    <Stack gap="md" data-testid="credit-note-review-print">
      <style>{PRINT_CSS}</style>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Box>
          <Text size="sm" c="dimmed" fw={600} data-testid="print-review-studio-group">
            {data.credit_note_footer.studio_group_name}
          </Text>
          <Title order={1} size="h2" data-testid="print-review-headline">
            {t('monthClose.printReview.title')} {formatMonth(data.settlementMonth, locale)}
          </Title>
          <Text size="sm" data-testid="print-review-trainer-name">
            {t('monthClose.printReview.trainer', { name: data.trainerName })}
          </Text>
        </Box>
        <Group gap="xs" data-print-hidden>
          <Anchor component={Link} to={`${reviewPath(locale, { studioGroupUuid, settlementUuid })}`} size="sm">
            {t('monthClose.printReview.back')}
          </Anchor>
          <Button variant="default" size="xs" onClick={() => window.print()} data-testid="print-review-print">
            {t('monthClose.printReview.print')}
          </Button>
        </Group>
      </Group>
      <PrintReviewForm key={`${studioGroupUuid}/${settlementUuid}`} target={{ studioGroupUuid, settlementUuid }} preview={data} review={review.data ?? null} />
    </Stack>
  );
}
