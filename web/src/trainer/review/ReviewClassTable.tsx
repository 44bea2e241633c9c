import { Box, Card, Group, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OVERALL_FEEDBACK, type TCreditNotePreview, type TCreditNoteRow } from '../../../../contracts/review.contract';
import { formatEuros } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { usePhone } from '../../shared/hooks/use-phone';
import { Figure } from './Figure';
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
  const phone = usePhone();
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

  const groups = groupRowsByLocation(preview.credit_note_rows).map((group) => {
    const approval = group.isAdmin || locationApprovals === 'false' ? null : currentApproval(locationApprovals[group.studioUuid]);
    return { ...group, approval, approved: approval?.approved === true };
  });
  const locationHeading = (group: (typeof groups)[number]) => (
    <Group justify="space-between" gap="xs">
      <Text size="sm" fw={700} c={group.approved ? 'green.9' : 'gray.8'}>
        {group.isAdmin ? t('trainerPortal.review.administration') : group.studioName}
      </Text>
      {!group.isAdmin && (
        <Text size="xs" c={group.approved ? 'green.9' : 'dimmed'} data-testid="review-location-approval">
          {group.approval && group.approved
            ? t('trainerPortal.review.locationApproved', { user: group.approval.user, time: formatApprovalTime(group.approval.timestamp, locale) })
            : t('trainerPortal.review.locationPending')}
        </Text>
      )}
    </Group>
  );
  const locationBg = (approved: boolean) => (approved ? 'var(--mantine-color-green-1)' : 'var(--mantine-color-gray-1)');
  const overallFeedback = (
    <>
      <Text size="sm" fw={700}>
        {t('trainerPortal.review.overallFeedback')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('trainerPortal.review.overallFeedbackHint')}
      </Text>
    </>
  );

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

  const sumsHeader = (
    <SimpleGrid cols={3} spacing={0} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} data-testid="review-sums">
      {sums.map((sum) => (
        <Stack key={sum.key} gap={0} p={phone ? 'sm' : 'md'}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
            {sum.label}
          </Text>
          <Text fz={phone ? 'sm' : 'lg'} fw={700} ff="monospace" data-testid={`review-sum-${sum.key}`}>
            {formatEuros(sum.value)}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );

  // On a phone nine columns do not fit: each class is a card that stacks its figures (as the
  // first variant does, spec 2), and the list grows with the page instead of scrolling inside it.
  if (phone) {
    const classCard = (row: TCreditNoteRow, isAdmin: boolean) => (
      <Box key={row.class_hash} px="md" py="sm" {...rowProps(row.class_hash)} style={{ cursor: 'pointer', borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs" c="dimmed">
            {isAdmin ? t('trainerPortal.review.administration') : `${formatClassDateTime(row.class_datetime)} · ${t('trainerPortal.review.minutes', { count: row.class_duration })}`}
          </Text>
          <CommentCount count={row.comment.comments.length} />
        </Group>
        <Text size="sm" fw={600}>
          {row.class_name}
        </Text>
        <SimpleGrid cols={isAdmin ? 3 : 4} spacing={4} mt={4} style={{ alignItems: 'end' }}>
          {!isAdmin && <Figure label={t('trainerPortal.review.columns.bookedSlots')} value={String(row.class_booked_slot)} />}
          <Figure label={t('trainerPortal.review.columns.net')} value={formatEuros(row.value_net)} />
          <Figure label={t('trainerPortal.review.columns.vat')} value={formatEuros(row.value_vat)} />
          <Figure label={t('trainerPortal.review.columns.gross')} value={formatEuros(row.value_gross)} />
        </SimpleGrid>
      </Box>
    );
    return (
      <Card p={0} data-testid="review-class-table">
        {sumsHeader}
        <Box px="md" py="sm" {...rowProps(OVERALL_FEEDBACK)}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Box>{overallFeedback}</Box>
            <CommentCount count={preview.overall_feedback.comments.length} />
          </Group>
        </Box>
        {groups.map((group) => (
          <Box key={group.studioUuid}>
            <Box px="md" py="xs" bg={locationBg(group.approved)} data-testid="review-location" data-approved={group.approved || undefined}>
              {locationHeading(group)}
            </Box>
            {group.rows.map((row) => classCard(row, group.isAdmin))}
          </Box>
        ))}
      </Card>
    );
  }

  return (
    <Card p={0} data-testid="review-class-table">
      {sumsHeader}
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
              <Table.Td colSpan={COLUMNS - 1}>{overallFeedback}</Table.Td>
              <Table.Td>
                <CommentCount count={preview.overall_feedback.comments.length} />
              </Table.Td>
            </Table.Tr>
            {groups.flatMap((group) => [
              <Table.Tr key={`location-${group.studioUuid}`} bg={locationBg(group.approved)} data-testid="review-location" data-approved={group.approved || undefined}>
                <Table.Td colSpan={COLUMNS}>{locationHeading(group)}</Table.Td>
              </Table.Tr>,
              ...group.rows.map((row) => classRow(row, group.isAdmin)),
            ])}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Card>
  );
}
