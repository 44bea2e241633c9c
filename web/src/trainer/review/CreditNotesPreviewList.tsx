import { Badge, Box, Button, Card, Group, Pagination, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TApprovalEntry, TTrainerCreditNoteItem } from '../../../../contracts/review.contract';
import { LazyTooltip } from '../../shared/components/LazyTooltip';
import { formatDate, formatMonth } from '../../shared/dates';
import { useLocale } from '../../shared/hooks/use-locale';
import { usePhone } from '../../shared/hooks/use-phone';
import { CREDIT_NOTES_PAGE_SIZE, useTrainerCreditNotes } from './api';
import { formatApprovalTime } from './review-format';
import { ListLoadState } from '../shared/ListLoadState';

/** Link of a preview's review screen (spec 2 "Credit notes preview list"). */
export const reviewPath = (locale: string, item: Pick<TTrainerCreditNoteItem, 'settlementUuid'> & { studioGroupUuid: string }) =>
  `/${locale}/trainer/accounting/review/${item.studioGroupUuid}/${item.settlementUuid}`;

/** The first review variant: a comment per class, saved through settlement_review (trainer portal 2, 4). */
export const settlementReviewPath = (locale: string, item: Pick<TTrainerCreditNoteItem, 'settlementUuid'> & { studioGroupUuid: string }) =>
  `/${locale}/trainer/accounting/settlement-review/${item.studioGroupUuid}/${item.settlementUuid}`;

function ApprovalBadge({ entries }: { entries: TApprovalEntry[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const current = entries[0];
  const approved = current?.approved === true;
  const badge = (
    <Badge color={approved ? 'green' : 'gray'} variant="light" data-approved={approved || undefined}>
      {approved ? t('trainerPortal.creditNotes.approved') : t('trainerPortal.creditNotes.pending')}
    </Badge>
  );
  if (!current) return badge;
  return (
    <LazyTooltip label={t('trainerPortal.review.approvalBy', { user: current.user, time: formatApprovalTime(current.timestamp, locale) })} withArrow>
      {badge}
    </LazyTooltip>
  );
}

/** Review (the main action), the first review variant and the printable review of one preview. */
function PreviewActions({ item, fullWidth = false }: { item: TTrainerCreditNoteItem; fullWidth?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const target = { studioGroupUuid: item.studioGroup.uuid, settlementUuid: item.settlementUuid };
  const review = (
    <Button component={Link} to={reviewPath(locale, target)} size="xs" variant={fullWidth ? 'filled' : 'light'} fullWidth={fullWidth} data-testid="credit-notes-preview-open">
      {t('trainerPortal.creditNotes.open')}
    </Button>
  );
  const others = (
    <>
      <Button component={Link} to={settlementReviewPath(locale, target)} size="xs" variant="default" data-testid="credit-notes-preview-settlement-review">
        {t('monthClose.previewList.settlementReview')}
      </Button>
      <Button component={Link} to={`${reviewPath(locale, target)}/print`} size="xs" variant="subtle" data-testid="credit-notes-preview-print">
        {t('monthClose.previewList.print')}
      </Button>
    </>
  );
  // On a phone card 'Review' takes the whole width, the other two share the line under it.
  if (fullWidth) {
    return (
      <Stack gap={6}>
        {review}
        <Group gap={6} grow>
          {others}
        </Group>
      </Stack>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      {review}
      {others}
    </Group>
  );
}

/** On a phone a preview is a card: group and month, both approvals, the date and the actions below. */
function PreviewCard({ item }: { item: TTrainerCreditNoteItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="credit-notes-preview-row" data-settlement-uuid={item.settlementUuid}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Box miw={0}>
          <Text fw={700}>{formatMonth(item.month, locale)}</Text>
          <Text size="sm" c="dimmed">
            {item.studioGroup.studioGroupsName}
          </Text>
        </Box>
        <Text size="xs" c="dimmed" ta="right">
          {t('trainerPortal.creditNotes.created')}
          <br />
          {formatDate(item.createdDt, locale)}
        </Text>
      </Group>
      <SimpleGrid cols={2} spacing="xs" my="sm">
        {(['approvedByTrainer', 'approvedByCompany'] as const).map((approval) => (
          <Stack key={approval} gap={2} align="flex-start">
            <Text size="xs" c="dimmed">
              {t(`trainerPortal.creditNotes.${approval}`)}
            </Text>
            <ApprovalBadge entries={item[approval]} />
          </Stack>
        ))}
      </SimpleGrid>
      <PreviewActions item={item} fullWidth />
    </Paper>
  );
}

/**
 * The trainer's credit-note previews (spec 2 "Credit notes preview list"), newest first, ten a page.
 * Above the profile tabs for all studio groups, on a studio page for that group (`studioGroupUuid`).
 */
export function CreditNotesPreviewList({ studioGroupUuid, withTitle = true }: { studioGroupUuid?: string; withTitle?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const list = useTrainerCreditNotes({ studioGroupUuid, page });
  // Six columns do not fit a phone: there each preview is a card.
  const phone = usePhone();

  const body = (() => {
    if (list.isPending || list.isError) {
      return <ListLoadState query={list} errorText={t('trainerPortal.creditNotes.loadError')} errorTestId="credit-notes-preview-error" />;
    }
    const items = list.data['hydra:member'];
    if (items.length === 0) {
      return (
        <Text c="dimmed" size="sm" data-testid="credit-notes-preview-empty">
          {t('trainerPortal.creditNotes.empty')}
        </Text>
      );
    }
    const pages = Math.ceil(list.data['hydra:totalItems'] / CREDIT_NOTES_PAGE_SIZE);
    return (
      <Stack gap="sm">
        {phone ? (
          <Stack gap="sm" data-testid="credit-notes-preview-cards">
            {items.map((item) => (
              <PreviewCard key={item.id} item={item} />
            ))}
          </Stack>
        ) : (
          <ScrollArea type="auto">
            <Table verticalSpacing="xs" highlightOnHover miw={880} data-testid="credit-notes-preview-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('trainerPortal.creditNotes.studioGroup')}</Table.Th>
                  <Table.Th>{t('trainerPortal.creditNotes.month')}</Table.Th>
                  <Table.Th>{t('trainerPortal.creditNotes.approvedByTrainer')}</Table.Th>
                  <Table.Th>{t('trainerPortal.creditNotes.approvedByCompany')}</Table.Th>
                  <Table.Th>{t('trainerPortal.creditNotes.created')}</Table.Th>
                  <Table.Th>{t('trainerPortal.creditNotes.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.id} data-testid="credit-notes-preview-row" data-settlement-uuid={item.settlementUuid}>
                    <Table.Td>{item.studioGroup.studioGroupsName}</Table.Td>
                    <Table.Td>{formatMonth(item.month, locale)}</Table.Td>
                    <Table.Td>
                      <ApprovalBadge entries={item.approvedByTrainer} />
                    </Table.Td>
                    <Table.Td>
                      <ApprovalBadge entries={item.approvedByCompany} />
                    </Table.Td>
                    <Table.Td>{formatDate(item.createdDt, locale)}</Table.Td>
                    <Table.Td>
                      <PreviewActions item={item} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
        {pages > 1 && (
          <Group justify={phone ? 'center' : 'flex-end'}>
            <Pagination value={page} onChange={setPage} total={pages} size="sm" />
          </Group>
        )}
      </Stack>
    );
  })();

  // On the studio page the list sits inside the page's own card and tab.
  if (!withTitle) return <Box data-testid="credit-notes-preview">{body}</Box>;
  return (
    <Card data-testid="credit-notes-preview">
      <Title order={3} size="h4" mb="sm">
        {t('trainerPortal.creditNotes.title')}
      </Title>
      {body}
    </Card>
  );
}
