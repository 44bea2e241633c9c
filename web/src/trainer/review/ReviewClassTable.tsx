import { Card, Group, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OVERALL_FEEDBACK, type TCreditNotePreview, type TCreditNoteRow } from '../../../../contracts/review.contract';
import { formatEuros } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { IconChatBubble } from './icons';
import { currentApproval, formatApprovalTime, formatClassDateTime, groupRowsByLocation } from './review-format';

const COLUMNS = 9;
/** Spec 9: the credit note table is 800 px high and scrolls. */
const TABLE_HEIGHT = 800;

function CommentCount({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" c={count > 0 ? 'brand' : 'dimmed'} aria-label={t('trainerPortal.review.commentCount', { count })}>
      <IconChatBubble size={15} />
      <Text size="xs" fw={count > 0 ? 700 : 400} data-testid="review-comment-count">
        {count}
      </Text>
    </Group>
  );
}

/** Enter or space opens a row's thread, as a click does. */
const onActivate = (select: () => void) => (event: KeyboardEvent) => {
  if (event.key !== 'Enter' && event.key !== ' ') return;
  event.preventDefault();
  select();
};

/**
 * Left column of the review screen (trainer portal 2, second variant): the sums, the 'Overall
 * Feedback' row, then the classes under a sub-headline per location (green once the studio group
 * approved that location). A click on a row opens its comment thread on the right.
 */
export function ReviewClassTable({ preview, selected, onSelect }: { preview: TCreditNotePreview; selected: string | null; onSelect: (classHash: string) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const footer = preview.credit_note_footer;
  const locationApprovals = preview.credit_note_info.approved_by_location;
  const sums = [
    { key: 'net', label: t('trainerPortal.review.sums.net'), value: footer.sum_net },
    { key: 'vat', label: t('trainerPortal.review.sums.vat'), value: footer.sum_vat },
    { key: 'gross', label: t('trainerPortal.review.sums.gross'), value: footer.sum_gross },
  ];

  const rowProps = (classHash: string) => ({
    onClick: () => onSelect(classHash),
    onKeyDown: onActivate(() => onSelect(classHash)),
    tabIndex: 0,
    role: 'button',
    'aria-pressed': selected === classHash,
    'data-testid': `review-row-${classHash}`,
    bg: selected === classHash ? 'var(--mantine-color-brand-0)' : undefined,
    style: { cursor: 'pointer' },
  });

  const classRow = (row: TCreditNoteRow, isAdmin: boolean) => (
    <Table.Tr key={row.class_hash} {...rowProps(row.class_hash)}>
      <Table.Td>{isAdmin ? '' : row.studio_name}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{isAdmin ? t('trainerPortal.review.administration') : formatClassDateTime(row.class_datetime)}</Table.Td>
      <Table.Td>{row.class_name}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{isAdmin ? '' : t('trainerPortal.review.minutes', { count: row.class_duration })}</Table.Td>
      <Table.Td ta="right">{isAdmin ? '' : row.class_booked_slot}</Table.Td>
      <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {formatEuros(row.value_net)}
      </Table.Td>
      <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {formatEuros(row.value_vat)}
      </Table.Td>
      <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {formatEuros(row.value_gross)}
      </Table.Td>
      <Table.Td>
        <CommentCount count={row.comment.comments.length} />
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Card p={0} data-testid="review-class-table">
      <SimpleGrid cols={3} spacing={0} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} data-testid="review-sums">
        {sums.map((sum) => (
          <Stack key={sum.key} gap={0} p="md">
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
              {sum.label}
            </Text>
            <Text fz="lg" fw={700} ff="monospace" data-testid={`review-sum-${sum.key}`}>
              {formatEuros(sum.value)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <ScrollArea.Autosize mah={TABLE_HEIGHT} type="auto">
        <Table stickyHeader verticalSpacing={6} horizontalSpacing={8} fz="sm" miw={720}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('trainerPortal.review.columns.location')}</Table.Th>
              <Table.Th>{t('trainerPortal.review.columns.dateTime')}</Table.Th>
              <Table.Th>{t('trainerPortal.review.columns.className')}</Table.Th>
              <Table.Th>{t('trainerPortal.review.columns.duration')}</Table.Th>
              <Table.Th ta="right">{t('trainerPortal.review.columns.bookedSlots')}</Table.Th>
              <Table.Th ta="right">{t('trainerPortal.review.columns.net')}</Table.Th>
              <Table.Th ta="right">{t('trainerPortal.review.columns.vat')}</Table.Th>
              <Table.Th ta="right">{t('trainerPortal.review.columns.gross')}</Table.Th>
              <Table.Th aria-label={t('trainerPortal.review.columns.comments')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr {...rowProps(OVERALL_FEEDBACK)}>
              <Table.Td colSpan={COLUMNS - 1}>
                <Text size="sm" fw={700}>
                  {t('trainerPortal.review.overallFeedback')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('trainerPortal.review.overallFeedbackHint')}
                </Text>
              </Table.Td>
              <Table.Td>
                <CommentCount count={preview.overall_feedback.comments.length} />
              </Table.Td>
            </Table.Tr>
            {groupRowsByLocation(preview.credit_note_rows).flatMap((group) => {
              const approval = group.isAdmin || locationApprovals === 'false' ? null : currentApproval(locationApprovals[group.studioUuid]);
              const approved = approval?.approved === true;
              return [
                <Table.Tr key={`location-${group.studioUuid}`} bg={approved ? 'var(--mantine-color-green-1)' : 'var(--mantine-color-gray-1)'} data-testid="review-location" data-approved={approved || undefined}>
                  <Table.Td colSpan={COLUMNS}>
                    <Group justify="space-between" gap="xs">
                      <Text size="sm" fw={700} c={approved ? 'green.9' : 'gray.8'}>
                        {group.isAdmin ? t('trainerPortal.review.administration') : group.studioName}
                      </Text>
                      {!group.isAdmin && (
                        <Text size="xs" c={approved ? 'green.9' : 'dimmed'} data-testid="review-location-approval">
                          {approval && approved
                            ? t('trainerPortal.review.locationApproved', { user: approval.user, time: formatApprovalTime(approval.timestamp, locale) })
                            : t('trainerPortal.review.locationPending')}
                        </Text>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>,
                ...group.rows.map((row) => classRow(row, group.isAdmin)),
              ];
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Card>
  );
}
