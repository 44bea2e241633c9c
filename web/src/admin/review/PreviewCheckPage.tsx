import { ActionIcon, Alert, Button, Center, Grid, Loader, Menu, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { OVERALL_FEEDBACK, type TCreditNotePreview } from '../../../../contracts/review.contract';
import { settlementRoom } from '../../../../contracts/events';
import { errorMessage } from '../../shared/api/client';
import { IconAlert, IconArrowLeft, IconInfo } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { formatMonth } from '../../shared/format';
import { useLocale } from '../../shared/hooks/use-locale';
import { useSession } from '../../shared/session';
import { useSocketRoom } from '../../shared/socket';
import { ImportQueueModal, type ImportQueueRequest } from '../import/ImportQueueModal';
import { formatClassDateTime } from '../shared/class-time';
import type { CommentThread } from '../shared/CommentList';
import { useCurrentStudioGroup } from '../shared/current-studio-group';
import { IconDots } from '../settlement/icons';
import { reviewQueryKeys, settlementQueryKeys, useAddAdminComment, useApproveByCompany, useApproveByLocation, useCreditNotePreview, usePreviewCheck, useSettlement } from '../settlement/api';
import { useSettlementLiveUpdates } from '../settlement/use-settlement-live-updates';
import { PREVIEW_CHECK_MODALS, useOpenRequest } from '../settlement/wizard/wizard-links';
import { ApprovalCommentsPanel } from './ApprovalCommentsPanel';
import { CreditNotePreviewPanel } from './CreditNotePreviewPanel';
import { LocationTrainerList } from './LocationTrainerList';
import { ApproveAllModal, SendAllModal, SendCreditNotesModal } from './PreviewCheckModals';
import { currentApproval, distinctTrainers, trainersToApprove } from './preview-check';

/** The credit-note step of the wizard (index 4): where the send modals start the run and show its progress. */
const CREDIT_NOTE_STEP = 4;

/** Bursts of live events become one refetch. */
const REFETCH_AFTER_MS = 200;

/** `/:locale/admin/settlement/:settlementUuid/preview-check` (spec 2.10). */
export function PreviewCheckPage() {
  const { settlementUuid } = useParams();
  const { current } = useCurrentStudioGroup();
  if (!settlementUuid || !current) return null;
  return <PreviewCheck key={settlementUuid} settlementUuid={settlementUuid} />;
}

function useLiveRefetch(settlementUuid: string) {
  const queryClient = useQueryClient();
  const [timer] = useState<{ id?: number }>({});
  const refetchSoon = () => {
    window.clearTimeout(timer.id);
    timer.id = window.setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: reviewQueryKeys.previewCheck(settlementUuid) });
      void queryClient.invalidateQueries({ queryKey: reviewQueryKeys.creditNotePreviews(settlementUuid) });
    }, REFETCH_AFTER_MS);
  };
  const room = settlementRoom(settlementUuid);
  // A trainer's comment or approval shows without a reload.
  useSocketRoom({ room, event: 'settlement:comment', onEvent: (event) => event.settlementUuid === settlementUuid && refetchSoon() });
  useSocketRoom({ room, event: 'settlement:log', onEvent: (event) => event.settlementUuid === settlementUuid && refetchSoon() });
}

function threadOf(preview: TCreditNotePreview, classHash: string, overallTitle: string): CommentThread {
  const row = classHash === OVERALL_FEEDBACK ? null : preview.credit_note_rows.find((item) => item.class_hash === classHash);
  if (!row) return { classHash: OVERALL_FEEDBACK, title: overallTitle, comments: preview.overall_feedback.comments };
  const when = formatClassDateTime(row.class_datetime);
  return { classHash: row.class_hash, title: when ? `${row.class_name} · ${when}` : row.class_name, comments: row.comment.comments };
}

/** The modal a `?open=` names (the wizard menu's items), or none. */
const modalOfRequest = (requested: string) =>
  (Object.keys(PREVIEW_CHECK_MODALS) as Array<keyof typeof PREVIEW_CHECK_MODALS>).find((modal) => PREVIEW_CHECK_MODALS[modal] === requested) ?? null;

function PreviewCheck({ settlementUuid }: { settlementUuid: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const { current } = useCurrentStudioGroup();
  const group = current!;
  const userUuid = session?.userUuid;
  const [searchParams, setSearchParams] = useSearchParams();

  const settlement = useSettlement(group, settlementUuid);
  const list = usePreviewCheck(group, settlementUuid);
  useSettlementLiveUpdates(settlementUuid);
  useLiveRefetch(settlementUuid);

  const trainers = distinctTrainers(list.data?.trainers ?? []);
  const requested = searchParams.get('trainer');
  const trainerUuid = trainers.find((trainer) => trainer.trainer_uuid === requested)?.trainer_uuid ?? trainers[0]?.trainer_uuid ?? null;
  const preview = useCreditNotePreview(group, settlementUuid, trainerUuid);
  const [thread, setThread] = useState<{ trainerUuid: string | null; classHash: string }>({ trainerUuid: null, classHash: OVERALL_FEEDBACK });
  const selectedThread = thread.trainerUuid === trainerUuid ? thread.classHash : OVERALL_FEEDBACK;

  const approveCompany = useApproveByCompany(group, settlementUuid, userUuid);
  const approveLocation = useApproveByLocation(group, settlementUuid, userUuid);
  const addComment = useAddAdminComment(group, settlementUuid, userUuid);

  const [queueRequest, setQueueRequest] = useState<ImportQueueRequest | null>(null);
  const [modal, setModal] = useState<'approveAll' | 'sendCreditNotes' | 'sendAll' | null>(null);
  // The wizard's three-dot menu (spec 2.2, step 4) opens these modals here by `?open=`.
  useOpenRequest(Boolean(list.data), (requested) => setModal(modalOfRequest(requested)));

  const month = list.data?.settlementMonth ?? settlement.data?.month ?? null;
  const inProgress = settlement.data ? settlement.data.status === 'in_progress' : true;
  const editable = inProgress && !preview.data?.pdfCreated;

  const selectTrainer = (uuid: string) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set('trainer', uuid);
        return next;
      },
      { replace: true },
    );

  // Confirmed in the modal (spec 2.10's credit_note_send / _send_all): the credit-note step starts
  // the run for the trainers named here (else every approved one) and shows its progress.
  const toCreditNotes = (trainerUuids?: string[]) =>
    navigate(`/${locale}/admin/settlement/wizard/${settlementUuid}?step=${CREDIT_NOTE_STEP}&start=1${trainerUuids?.length ? `&trainers=${trainerUuids.join(',')}` : ''}`);

  const onReload = (request: ImportQueueRequest) => {
    // Spec 4: a location's update reloads the trainer preview; a full recalculation the page's data.
    if (request.importType === 'update_location_data_and_recalculate_billing' && trainerUuid) {
      void queryClient.invalidateQueries({ queryKey: reviewQueryKeys.creditNotePreview(settlementUuid, trainerUuid) });
      void queryClient.invalidateQueries({ queryKey: reviewQueryKeys.previewCheck(settlementUuid) });
    } else {
      void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.detail(settlementUuid) });
    }
  };

  const title = month ? t('previewCheck.titleMonth', { month: formatMonth(month, locale) }) : t('previewCheck.title');

  return (
    <>
      <PageHeader
        title={title}
        description={t('previewCheck.description')}
        actions={
          <>
            <Button component={Link} to={`/${locale}/admin/settlement/wizard/${settlementUuid}`} variant="default" leftSection={<IconArrowLeft size={16} />} data-testid="preview-check-back">
              {t('previewCheck.backToWizard')}
            </Button>
            {inProgress && (
              <Menu position="bottom-end" withinPortal shadow="md">
                <Menu.Target>
                  <ActionIcon variant="default" size="lg" aria-label={t('settlement.wizard.moreActions')} data-testid="preview-check-menu">
                    <IconDots />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.detail(settlementUuid) })} data-testid="preview-check-reload">
                    {t('settlement.wizard.reload')}
                  </Menu.Item>
                  <Menu.Item component={Link} to={`/${locale}/admin/settlement/${settlementUuid}`}>
                    {t('settlement.wizard.trainerOverview')}
                  </Menu.Item>
                  <Menu.Divider />
                  <Menu.Item color="green" onClick={() => setModal('approveAll')} disabled={trainers.length === 0} data-testid="preview-check-approve-all">
                    {t('previewCheck.approveAll.menu')}
                  </Menu.Item>
                  <Menu.Item onClick={() => setModal('sendCreditNotes')} data-testid="preview-check-send-credit-notes">
                    {t('previewCheck.sendCreditNotes.menu')}
                  </Menu.Item>
                  <Menu.Item onClick={() => setModal('sendAll')} data-testid="preview-check-send-all">
                    {t('previewCheck.sendAll.menu')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            )}
          </>
        }
      />

      {list.isPending ? (
        <Center mih={320}>
          <Loader type="dots" aria-label={t('common.loading')} />
        </Center>
      ) : list.isError ? (
        <Alert color="red" icon={<IconAlert />} role="alert" data-testid="preview-check-load-error">
          {errorMessage(list.error)}
        </Alert>
      ) : (
        <Stack gap="md">
          {trainers.length === 0 && (
            <Alert color="yellow" icon={<IconInfo />} data-testid="preview-check-empty">
              {t('previewCheck.empty')}
            </Alert>
          )}
          <Grid gap="md" align="flex-start">
            <Grid.Col span={{ base: 12, md: 4, xl: 3 }}>
              <LocationTrainerList
                data={list.data}
                selectedTrainerUuid={trainerUuid}
                onSelect={selectTrainer}
                canRecalculate={inProgress}
                onRecalculate={() => setQueueRequest({ importType: 'recalculate_billing' })}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8, xl: 6 }}>
              {!trainerUuid ? null : preview.isPending ? (
                <Center mih={240}>
                  <Loader type="dots" aria-label={t('common.loading')} />
                </Center>
              ) : preview.isError ? (
                <Alert color="red" icon={<IconAlert />} data-testid="preview-load-error">
                  {errorMessage(preview.error)}
                </Alert>
              ) : (
                <CreditNotePreviewPanel
                  preview={preview.data}
                  selectedThread={selectedThread}
                  onSelectThread={(classHash) => setThread({ trainerUuid, classHash })}
                  editable={editable}
                  approvingLocation={approveLocation.isPending ? (approveLocation.variables?.locationUuid ?? null) : null}
                  onApproveLocation={(locationUuid, approved) => approveLocation.mutate({ trainerUuid, locationUuid, approved })}
                  onUpdateLocation={(studioUuid) => setQueueRequest({ importType: 'update_location_data_and_recalculate_billing', studioUuid })}
                />
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, xl: 3 }}>
              {trainerUuid && preview.data && (
                <ApprovalCommentsPanel
                  key={`${trainerUuid}:${selectedThread}`}
                  companyApproval={currentApproval(preview.data.credit_note_info.approved_by_company)}
                  trainerApproval={currentApproval(preview.data.credit_note_info.approved_by_trainer)}
                  editable={editable}
                  approvingCompany={approveCompany.isPending}
                  approveError={approveCompany.error}
                  onApproveCompany={(approved) => approveCompany.mutate({ trainerUuid, approved })}
                  thread={threadOf(preview.data, selectedThread, t('previewCheck.overallTitle'))}
                  commenting={addComment.isPending}
                  commentError={addComment.error}
                  onComment={({ text, mood }) => {
                    const row = preview.data.credit_note_rows.find((item) => item.class_hash === selectedThread);
                    return addComment.mutateAsync({
                      trainerUuid,
                      comment: text,
                      classHash: row?.class_hash ?? OVERALL_FEEDBACK,
                      className: row?.class_name ?? '',
                      classDateTime: row ? formatClassDateTime(row.class_datetime) : '',
                      mood,
                    });
                  }}
                />
              )}
            </Grid.Col>
          </Grid>
          {preview.data && !inProgress && (
            <Text size="sm" c="dimmed">
              {t('previewCheck.readOnly')}
            </Text>
          )}
        </Stack>
      )}

      <ImportQueueModal group={group} settlementUuid={settlementUuid} month={month} userUuid={userUuid} request={queueRequest} onClose={() => setQueueRequest(null)} onReload={onReload} />
      <ApproveAllModal
        opened={modal === 'approveAll'}
        onClose={() => setModal(null)}
        group={group}
        settlementUuid={settlementUuid}
        userUuid={userUuid}
        trainers={trainersToApprove(list.data?.trainers ?? [])}
      />
      <SendCreditNotesModal opened={modal === 'sendCreditNotes'} onClose={() => setModal(null)} group={group} settlementUuid={settlementUuid} onSend={toCreditNotes} />
      <SendAllModal opened={modal === 'sendAll'} onClose={() => setModal(null)} onSend={() => toCreditNotes()} />
    </>
  );
}
