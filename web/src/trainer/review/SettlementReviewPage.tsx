import { Alert, Badge, Box, Button, Card, Center, Checkbox, Group, Loader, ScrollArea, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import '../../shared/mantine-styles-app'; // the UI kit's CSS beyond the trainer portal's first screen
import { notifications } from '@mantine/notifications';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { OVERALL_FEEDBACK, type TReviewRow, type TTrainerSettlementReview } from '../../../../contracts/review.contract';
import { errorMessage } from '../../shared/api/client';
import { IconInfo } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { formatEuros, formatMonth } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { usePhone } from '../../shared/hooks/use-phone';
import { useSaveSettlementReview, useSettlementReview, useTrainerSettlement } from './api';
import { reviewExists, reviewRowsToSend } from './settlement-review';
import { useTrainerAccount } from '../shared/api';
import { IconLock } from './icons';
import { Figure } from './Figure';
import { formatClassDateTime } from './review-format';
import { ReviewPersonalDataForm } from './ReviewPersonalDataForm';

type DataRow = TTrainerSettlementReview['data'][number];
type Target = { studioGroupUuid: string; settlementUuid: string };

const ADMIN_STUDIO = 'Admin';
const FIGURE = { ta: 'right', ff: 'monospace', style: { whiteSpace: 'nowrap' } } as const;

/** The comment field, the company's 'approved' badge and its feedback of one row. */
function RowFeedback({ row, review, value, disabled, label, onChange }: { row: DataRow; review: TReviewRow | undefined; value: string; disabled: boolean; label: string; onChange: (text: string) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} mt={6}>
      {(review?.company_approved || review?.company_comment) && (
        <Group gap="xs" wrap="wrap" align="flex-start">
          {review.company_approved && (
            <Badge color="green" variant="light" size="sm" data-testid="settlement-review-company-approved">
              {t('monthClose.settlementReview.companyApproved')}
            </Badge>
          )}
          {review.company_comment && (
            <Text size="xs" c="dimmed" data-testid="settlement-review-company-comment">
              {t('monthClose.settlementReview.companyFeedback')}: {review.company_comment}
            </Text>
          )}
        </Group>
      )}
      <Textarea
        aria-label={label}
        placeholder={t('monthClose.settlementReview.comment')}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        disabled={disabled}
        autosize
        minRows={1}
        maxRows={6}
        maxLength={2000}
        data-testid={`settlement-review-comment-${row.id_newrow}`}
      />
    </Stack>
  );
}

/**
 * The class table with a comment per row, the confirmation and the save (trainer portal 2
 * "Accounting review screen", 4, 5, 8): POST the first time, PUT once a review exists or was saved.
 */
function SettlementReviewForm({ target, review }: { target: Target; review: TTrainerSettlementReview }) {
  const { t } = useTranslation();
  const save = useSaveSettlementReview(target);
  const [comments, setComments] = useState<Record<string, string>>(() =>
    Object.fromEntries(review.review.map((row) => [row.row_id, row.trainer_review_comment ?? ''])),
  );
  const [confirmed, setConfirmed] = useState(false);
  // Spec 4: after a successful save, later saves are PUTs.
  const saved = useRef(false);
  const reviewByRow = new Map(review.review.map((row) => [row.row_id, row]));
  const locked = review.locked;
  const phone = usePhone();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!confirmed || locked) return;
    const method = saved.current || reviewExists(review) ? 'PUT' : 'POST';
    save.mutate(
      { method, review: reviewRowsToSend(review.review, comments), approved: true },
      {
        onSuccess: () => {
          saved.current = true;
          notifications.show({ color: 'green', message: t('monthClose.settlementReview.saved'), withBorder: true });
        },
        onError: (error) =>
          notifications.show({ color: 'red', title: t('monthClose.settlementReview.saveError'), message: errorMessage(error), withBorder: true }),
      },
    );
  };

  const commentField = (row: DataRow, label: string) => (
    <RowFeedback
      row={row}
      review={reviewByRow.get(row.id_newrow)}
      value={comments[row.id_newrow] ?? ''}
      disabled={locked || save.isPending || !reviewByRow.has(row.id_newrow)}
      label={label}
      onChange={(text) => setComments((current) => ({ ...current, [row.id_newrow]: text }))}
    />
  );

  const classRow = (row: DataRow) => {
    const isAdmin = row.studio_name === ADMIN_STUDIO;
    const figures = [row.Netto, row.MwSt, row.Brutto];
    const date = isAdmin ? t('trainerPortal.review.administration') : formatClassDateTime(row.date);
    return (
      <Table.Tr key={row.id_newrow} data-testid="settlement-review-row" data-row-id={row.id_newrow} data-admin={isAdmin || undefined}>
        {!phone && <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{date}</Table.Td>}
        <Table.Td style={{ verticalAlign: 'top' }} miw={phone ? undefined : 260}>
          {/* Mobile: the date joins the class, so the comment field gets the screen's width. */}
          {phone ? (
            <Text size="xs" c="dimmed">
              {isAdmin ? date : `${date} · ${row.studio_name}`}
            </Text>
          ) : (
            !isAdmin && (
              <Text size="xs" c="dimmed">
                {row.studio_name}
              </Text>
            )
          )}
          <Text size="sm" fw={600}>
            {row.class_name}
            {!isAdmin && (
              <Text span size="xs" c="dimmed" fw={400}>
                {' · '}
                {t('trainerPortal.review.minutes', { count: row.duration })}
              </Text>
            )}
          </Text>
          {/* Mobile: the figures stack under the class (spec 2). */}
          <SimpleGrid cols={isAdmin ? 3 : 4} spacing={4} mt={4} hiddenFrom="sm" style={{ alignItems: 'end' }} data-testid="settlement-review-mobile-figures">
            {!isAdmin && <Figure label={t('monthClose.settlementReview.columns.bookedSlots')} value={String(row.class_booked_slot)} />}
            <Figure label={t('monthClose.settlementReview.columns.net')} value={formatEuros(row.Netto)} />
            <Figure label={t('monthClose.settlementReview.columns.vat')} value={formatEuros(row.MwSt)} />
            <Figure label={t('monthClose.settlementReview.columns.gross')} value={formatEuros(row.Brutto)} />
          </SimpleGrid>
          {commentField(row, t('monthClose.settlementReview.commentOn', { name: row.class_name }))}
        </Table.Td>
        <Table.Td ta="right" visibleFrom="sm" style={{ verticalAlign: 'top' }}>
          {isAdmin ? '' : row.class_booked_slot}
        </Table.Td>
        {figures.map((value, index) => (
          <Table.Td key={index} {...FIGURE} visibleFrom="sm" style={{ ...FIGURE.style, verticalAlign: 'top' }}>
            {formatEuros(value)}
          </Table.Td>
        ))}
      </Table.Tr>
    );
  };

  const overall = review.data.find((row) => row.studio_name === OVERALL_FEEDBACK);
  const classRows = review.data.filter((row) => row.studio_name !== OVERALL_FEEDBACK);
  const footer = review.list_footer;

  return (
    <form onSubmit={onSubmit} noValidate data-testid="settlement-review-form">
      <Stack gap="md">
        <Card p={0}>
          <ScrollArea type="auto">
            <Table verticalSpacing="sm" horizontalSpacing="sm" fz="sm" data-testid="settlement-review-table">
              <Table.Thead>
                <Table.Tr>
                  {!phone && <Table.Th>{t('monthClose.settlementReview.columns.date')}</Table.Th>}
                  <Table.Th>{t('monthClose.settlementReview.columns.classes')}</Table.Th>
                  <Table.Th ta="right" visibleFrom="sm">
                    {t('monthClose.settlementReview.columns.bookedSlots')}
                  </Table.Th>
                  <Table.Th ta="right" visibleFrom="sm">
                    {t('monthClose.settlementReview.columns.net')}
                  </Table.Th>
                  <Table.Th ta="right" visibleFrom="sm">
                    {t('monthClose.settlementReview.columns.vat')}
                  </Table.Th>
                  <Table.Th ta="right" visibleFrom="sm">
                    {t('monthClose.settlementReview.columns.gross')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {overall && (
                  <Table.Tr bg="var(--mantine-color-brand-0)" data-testid="settlement-review-row" data-row-id={overall.id_newrow} data-overall>
                    <Table.Td colSpan={6}>
                      <Text size="sm" fw={700}>
                        {t('monthClose.settlementReview.overallFeedback')}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('monthClose.settlementReview.overallFeedbackHint')}
                      </Text>
                      {commentField(overall, t('monthClose.settlementReview.overallFeedback'))}
                    </Table.Td>
                  </Table.Tr>
                )}
                {classRows.map(classRow)}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr data-testid="settlement-review-footer">
                  <Table.Th colSpan={phone ? 1 : 2}>
                    {t('monthClose.settlementReview.total')}
                    <SimpleGrid cols={3} spacing={4} mt={4} hiddenFrom="sm">
                      <Figure label={t('monthClose.settlementReview.columns.net')} value={formatEuros(footer.Netto)} />
                      <Figure label={t('monthClose.settlementReview.columns.vat')} value={formatEuros(footer.MwSt)} />
                      <Figure label={t('monthClose.settlementReview.columns.gross')} value={formatEuros(footer.Brutto)} />
                    </SimpleGrid>
                  </Table.Th>
                  <Table.Th visibleFrom="sm" />
                  <Table.Th {...FIGURE} visibleFrom="sm" data-testid="settlement-review-sum-net">
                    {formatEuros(footer.Netto)}
                  </Table.Th>
                  <Table.Th {...FIGURE} visibleFrom="sm" data-testid="settlement-review-sum-vat">
                    {formatEuros(footer.MwSt)}
                  </Table.Th>
                  <Table.Th {...FIGURE} visibleFrom="sm" data-testid="settlement-review-sum-gross">
                    {formatEuros(footer.Brutto)}
                  </Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </ScrollArea>
        </Card>

        {!locked && (
          <Card>
            <Stack gap="sm">
              {review.approved && (
                <Text size="sm" c="green" data-testid="settlement-review-confirmed">
                  {t('monthClose.settlementReview.confirmed')}
                </Text>
              )}
              <Checkbox
                required
                checked={confirmed}
                onChange={(event) => setConfirmed(event.currentTarget.checked)}
                label={t('monthClose.settlementReview.confirm')}
                data-testid="settlement-review-confirm"
              />
              <Group>
                <Button type="submit" disabled={!confirmed} loading={save.isPending} data-testid="settlement-review-submit">
                  {t('monthClose.settlementReview.submit')}
                </Button>
              </Group>
            </Stack>
          </Card>
        )}
      </Stack>
    </form>
  );
}

/**
 * /:locale/trainer/accounting/settlement-review/:studioGroupUuid/:settlementUuid — the first
 * accounting-review variant (trainer portal 2): the month's classes with a comment field per row,
 * the company's marks and feedback, the overall feedback and the confirmation, saved through
 * settlement_review. Finished (credit note created) or approved by the company: read only.
 */
export function SettlementReviewPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { studioGroupUuid, settlementUuid } = useParams();
  const settlement = useTrainerSettlement(settlementUuid);
  const review = useSettlementReview({ studioGroupUuid, settlementUuid });
  const account = useTrainerAccount();

  if ((settlement.isPending || review.isPending) && Boolean(studioGroupUuid && settlementUuid)) {
    return (
      <Center py="xl" mih={300}>
        <Loader data-testid="settlement-review-loading" aria-label={t('common.loading')} />
      </Center>
    );
  }
  // Spec 8: a missing settlement, a failed load or no review (204) all read 'No data found'.
  if (!studioGroupUuid || !settlementUuid || !settlement.data || !review.data) {
    return (
      <>
        <PageHeader title={t('monthClose.settlementReview.title')} />
        <Alert color="gray" icon={<IconInfo />} data-testid="settlement-review-no-data">
          {t('trainerPortal.review.noData')}
        </Alert>
      </>
    );
  }

  const finished = settlement.data.pdfCreated;
  const data = review.data;
  return (
    <Stack gap="lg" data-testid="settlement-review-page" data-locked={data.locked || undefined}>
      <Box>
        <PageHeader
          title={t('monthClose.settlementReview.headline', { month: formatMonth(settlement.data.settlementMonth, locale) })}
          description={t('trainerPortal.review.studioGroup', { name: settlement.data.studioGroupName })}
          actions={
            finished ? (
              <Badge color="green" size="lg" data-testid="settlement-review-finished-badge">
                {t('monthClose.settlementReview.finished')}
              </Badge>
            ) : undefined
          }
        />
        {data.locked ? (
          <Alert color="blue" icon={<IconLock />} data-testid="settlement-review-locked">
            {finished ? t('monthClose.settlementReview.finishedText') : t('monthClose.settlementReview.lockedText')}
          </Alert>
        ) : (
          <Alert color="brand" variant="light" icon={<IconInfo />} data-testid="settlement-review-intro">
            {t('monthClose.settlementReview.intro')}
          </Alert>
        )}
      </Box>
      {!data.locked && account.data && <ReviewPersonalDataForm key={account.data.uuid} account={account.data} />}
      <SettlementReviewForm key={`${studioGroupUuid}/${settlementUuid}`} target={{ studioGroupUuid, settlementUuid }} review={data} />
    </Stack>
  );
}
