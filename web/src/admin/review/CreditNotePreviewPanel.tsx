import { Anchor, Badge, Card, Group, ScrollArea, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_LOCATION_UUID, OVERALL_FEEDBACK, type TCreditNotePreview } from '../../../../contracts/review.contract';
import { formatEuros, formatSettlementTime } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { formatClassDateTime, unixToIso } from '../shared/class-time';
import { SumCards } from '../settlement/SumCards';
import { groupRowsByLocation, locationApproval } from './preview-check';
import { IconComment } from './icons';

type Props = {
  preview: TCreditNotePreview;
  selectedThread: string;
  onSelectThread: (classHash: string) => void;
  onApproveLocation: (studioUuid: string, approved: boolean) => void;
  approvingLocation: string | null;
  onUpdateLocation: (studioUuid: string) => void;
  editable: boolean;
};

const selectedStyle = { background: 'var(--mantine-color-brand-light)', cursor: 'pointer' } as const;

/** Middle column of the preview check (spec 2.10): sum cards and the class table by location. */
export function CreditNotePreviewPanel({ preview, selectedThread, onSelectThread, onApproveLocation, approvingLocation, onUpdateLocation, editable }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const groups = groupRowsByLocation(preview.credit_note_rows);
  const footer = preview.credit_note_footer;
  const companyName = preview.credit_note_rows[0]?.trainer_company_name || preview.trainerName;

  return (
    <Stack gap="md">
      <Title order={3} fz="lg" data-testid="preview-title">
        {t('previewCheck.previewTitle', { company: companyName })}
      </Title>
      <SumCards net={footer.sum_net} vat={footer.sum_vat} gross={footer.sum_gross} />
      <Card p={0}>
        <ScrollArea.Autosize mah={800} type="auto">
          <Table verticalSpacing="xs" highlightOnHover data-testid="preview-class-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('previewCheck.columns.class')}</Table.Th>
                <Table.Th ta="right">{t('previewCheck.columns.net')}</Table.Th>
                <Table.Th ta="right">{t('previewCheck.columns.vat')}</Table.Th>
                <Table.Th ta="right">{t('previewCheck.columns.gross')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr
                onClick={() => onSelectThread(OVERALL_FEEDBACK)}
                style={selectedThread === OVERALL_FEEDBACK ? selectedStyle : { cursor: 'pointer' }}
                data-testid="preview-row-overall"
              >
                <Table.Td colSpan={4}>
                  <Group gap="xs" justify="space-between">
                    <Text size="sm" fw={600}>
                      {t('previewCheck.overallFeedback')}
                    </Text>
                    <CommentCount count={preview.overall_feedback.comments.length} />
                  </Group>
                </Table.Td>
              </Table.Tr>
              {groups.map((group) => {
                const approval = locationApproval(preview.credit_note_info.approved_by_location, group.studioUuid);
                const isAdmin = group.studioUuid === ADMIN_LOCATION_UUID;
                return (
                  <Fragment key={group.studioUuid}>
                    <Table.Tr bg="var(--mantine-color-gray-light)" data-testid={`preview-location-${group.studioUuid}`}>
                      <Table.Td colSpan={4}>
                        <Group justify="space-between" gap="sm">
                          <Text size="sm" fw={700}>
                            {isAdmin ? t('previewCheck.administration') : group.studioName}
                          </Text>
                          <Group gap="md">
                            {!isAdmin && (
                              <Anchor component="button" type="button" size="xs" onClick={() => onUpdateLocation(group.studioUuid)} data-testid={`preview-location-update-${group.studioUuid}`}>
                                {t('previewCheck.updateLocation')}
                              </Anchor>
                            )}
                            <Switch
                              size="sm"
                              label={t('previewCheck.approvedByLocation')}
                              checked={approval?.approved ?? false}
                              disabled={!editable || approvingLocation === group.studioUuid}
                              onChange={(event) => onApproveLocation(group.studioUuid, event.currentTarget.checked)}
                              data-testid={`preview-location-switch-${group.studioUuid}`}
                            />
                            {approval && (
                              <Text size="xs" c="dimmed" data-testid={`preview-location-approver-${group.studioUuid}`}>
                                {approval.user} · {formatSettlementTime(unixToIso(approval.timestamp), locale)}
                              </Text>
                            )}
                          </Group>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                    {group.rows.map((row) => (
                      <Table.Tr
                        key={row.class_hash}
                        onClick={() => onSelectThread(row.class_hash)}
                        style={selectedThread === row.class_hash ? selectedStyle : { cursor: 'pointer' }}
                        data-testid={`preview-row-${row.class_hash}`}
                      >
                        <Table.Td>
                          <Group gap="xs" justify="space-between" wrap="nowrap">
                            <Stack gap={0}>
                              <Text size="sm" fw={500}>
                                {row.class_name}
                              </Text>
                              <Text size="xs" c="dimmed">
                                {[
                                  isAdmin ? t('previewCheck.administration') : row.studio_name,
                                  formatClassDateTime(row.class_datetime),
                                  row.class_duration ? t('previewCheck.duration', { minutes: row.class_duration }) : '',
                                  isAdmin ? '' : t('previewCheck.bookedSlots', { slots: row.class_booked_slot }),
                                ]
                                  .filter(Boolean)
                                  .join(' · ')}
                              </Text>
                            </Stack>
                            <CommentCount count={row.comment.comments.length} />
                          </Group>
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace" fz="sm">
                          {formatEuros(row.value_net)}
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace" fz="sm">
                          {formatEuros(row.value_vat)}
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace" fz="sm">
                          {formatEuros(row.value_gross)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Fragment>
                );
              })}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>{t('previewCheck.total')}</Table.Th>
                <Table.Th ta="right" ff="monospace">
                  {formatEuros(footer.sum_net)}
                </Table.Th>
                <Table.Th ta="right" ff="monospace">
                  {formatEuros(footer.sum_vat)}
                </Table.Th>
                <Table.Th ta="right" ff="monospace">
                  {formatEuros(footer.sum_gross)}
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </ScrollArea.Autosize>
      </Card>
    </Stack>
  );
}

function CommentCount({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Badge variant="light" color="blue" size="sm" leftSection={<IconComment size={12} />} tt="none" style={{ flexShrink: 0 }} data-testid="preview-comment-count">
      {count}
    </Badge>
  );
}
