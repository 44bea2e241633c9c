import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TStudioGroupRef } from '../../../../contracts/auth.contract';
import { ZAccountingEmail, ZAccountingEmailSendResponse, type TAccountingEmailSendRequest } from '../../../../contracts/credit-note-run.contract';
import {
  ZApprovalListResponse,
  ZApprovedTrainersResponse,
  ZApproveByLocationResponse,
  ZCommentsResponse,
  ZCreditNotePreview,
  ZPreviewCheckResponse,
  ZReviewSavedResponse,
  ZSendStreamMessage,
  ZTrainerReviewsResponse,
  type TCommentMood,
  type TReviewRow,
  type TSendStreamMessage,
} from '../../../../contracts/review.contract';
import {
  ZV1InvoiceCreateResponse,
  ZV1InvoiceSendResponse,
  ZV1PreparationResponse,
  ZV1UpdateEmailsResponse,
  ZV1UpdateInvoiceResponse,
} from '../../../../contracts/settlement-v1.contract';
import {
  ZAdminPosition,
  ZAdminPositionListResponse,
  ZCalculateSumResponse,
  ZBillableTrainersResponse,
  ZSettlementCommandResponse,
  ZSettlementDetail,
  ZSettlementIndexResponse,
  ZSettlementLogResponse,
  ZSettlementStepResponse,
  ZSettlementWorkflowInfo,
  ZStatusResponse,
  ZTrainerListResponse,
  ZTrainerPreviewResponse,
  ZTrainerSummaryResponse,
  type TCreateAdminPositionRequest,
  type TPreparationPhase,
  type TSettlementAction,
  type TSettlementDetail,
} from '../../../../contracts/settlement.contract';
import { ApiError, apiRequest } from '../../shared/api/client';
import { queryKeysFactory } from '../../shared/api/query-keys';
import { readStream } from '../../shared/streams/read-stream';

// One hook per call of the settlement wizard v2 (spec 7), on one query-key factory. Everything of
// one settlement sits below `detail(uuid)`, so invalidating that prefix refreshes all its screens.

const base = queryKeysFactory('settlement');

export const settlementQueryKeys = {
  ...base,
  billableTrainers: (uuid: string, month: string | null) => [...base.detail(uuid), 'billable-trainers', month ?? ''] as const,
  trainerSummary: (uuid: string) => [...base.detail(uuid), 'trainer-summary'] as const,
  trainerList: (uuid: string) => [...base.detail(uuid), 'trainer-list'] as const,
  preview: (uuid: string, trainerUuid: string) => [...base.detail(uuid), 'preview', trainerUuid] as const,
  logs: (uuid: string) => [...base.detail(uuid), 'logs'] as const,
  workflow: (uuid: string) => [...base.detail(uuid), 'workflow'] as const,
  adminPositions: (uuid: string, trainerUuid: string) => [...base.detail(uuid), 'admin-positions', trainerUuid] as const,
};

/** Only the record itself (not the sub-resources below its key prefix). */
const exactDetail = (uuid: string) => ({ queryKey: settlementQueryKeys.detail(uuid), exact: true });

const seg = encodeURIComponent;
const groupPath = (group: TStudioGroupRef) => `/api/v1/${seg(group.uuid)}`;
/** The spec's payload fields that name the studio group; the server checks them against the path. */
const groupFields = (group: TStudioGroupRef) => ({ idMandant: group.mandantId, idStudioGroup: group.id, studioGroupUuid: group.uuid });

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** GET /settlements: the settlement index (spec 2.11), newest month first. */
export function useSettlements(group: TStudioGroupRef | null) {
  return useQuery({
    queryKey: settlementQueryKeys.list({ group: group?.uuid }),
    queryFn: ({ signal }) => apiRequest(`${groupPath(group!)}/settlements`, { schema: ZSettlementIndexResponse, signal }),
    enabled: Boolean(group),
  });
}

/** GET /settlement/{uuid}: the record and the workflow's state. A 404 means the settlement is not created yet. */
export function useSettlement(group: TStudioGroupRef | null, uuid: string | null) {
  return useQuery({
    queryKey: settlementQueryKeys.detail(uuid ?? ''),
    queryFn: ({ signal }) => apiRequest(`${groupPath(group!)}/settlement/${seg(uuid!)}`, { schema: ZSettlementDetail, signal }),
    enabled: Boolean(group && uuid),
  });
}

/** GET /settlement/{uuid}/billable-trainers?month=: the select-trainer screen's rows and counters (spec 2.4). */
export function useBillableTrainers(group: TStudioGroupRef | null, uuid: string, month: string | null) {
  return useQuery({
    queryKey: settlementQueryKeys.billableTrainers(uuid, month),
    queryFn: ({ signal }) => {
      const query = month ? `?month=${seg(month)}` : '';
      return apiRequest(`${groupPath(group!)}/settlement/${seg(uuid)}/billable-trainers${query}`, { schema: ZBillableTrainersResponse, signal });
    },
    enabled: Boolean(group && month),
  });
}

type MonthScoped = { group: TStudioGroupRef | null; uuid: string; month: string | null; enabled?: boolean };

/** GET /settlement/trainer/summary/{apiSlug}/{idStudioGroup}/{month}: Trainer, Netto, MwSt, Brutto per prepared trainer. */
export function useTrainerSummary({ group, uuid, month, enabled = true }: MonthScoped) {
  return useQuery({
    queryKey: settlementQueryKeys.trainerSummary(uuid),
    queryFn: ({ signal }) =>
      apiRequest(
        `${groupPath(group!)}/settlement/trainer/summary/${seg(group!.apiSlug)}/${group!.id}/${seg(month!)}?settlementUuid=${seg(uuid)}`,
        { schema: ZTrainerSummaryResponse, signal },
      ),
    enabled: enabled && Boolean(group && month),
  });
}

/** GET /settlement/trainer/list/{apiSlug}/{idStudioGroup}/{month}: the prepared trainers (TrainerID, trainerUuid). */
export function useTrainerList({ group, uuid, month, enabled = true }: MonthScoped) {
  return useQuery({
    queryKey: settlementQueryKeys.trainerList(uuid),
    queryFn: ({ signal }) =>
      apiRequest(
        `${groupPath(group!)}/settlement/trainer/list/${seg(group!.apiSlug)}/${group!.id}/${seg(month!)}?settlementUuid=${seg(uuid)}`,
        { schema: ZTrainerListResponse, signal },
      ),
    enabled: enabled && Boolean(group && month),
  });
}

/** GET /trainer-invoice/preview/{apiSlug}/{idStudioGroup}/{trainer}/{month}: one trainer's preview table (HTML, values escaped). */
export function useTrainerPreview({ group, uuid, month, trainerUuid }: MonthScoped & { trainerUuid: string | null }) {
  return useQuery({
    queryKey: settlementQueryKeys.preview(uuid, trainerUuid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(
        `${groupPath(group!)}/trainer-invoice/preview/${seg(group!.apiSlug)}/${group!.id}/${seg(trainerUuid!)}/${seg(month!)}?settlementUuid=${seg(uuid)}`,
        { schema: ZTrainerPreviewResponse, signal },
      ),
    enabled: Boolean(group && month && trainerUuid),
  });
}

/** GET /settlement/logs/{idStudioGroup}/{month}/{uuid}: the settlement log, oldest first (spec 2.12). */
export function useSettlementLogs({ group, uuid, month, enabled = true }: MonthScoped) {
  return useQuery({
    queryKey: settlementQueryKeys.logs(uuid),
    queryFn: ({ signal }) =>
      apiRequest(`${groupPath(group!)}/settlement/logs/${group!.id}/${seg(month!)}/${seg(uuid)}`, { schema: ZSettlementLogResponse, signal }),
    enabled: enabled && Boolean(group && month),
  });
}

/** GET /settlement/{uuid}/workflow (ops): the workflow's status, history rows and Temporal UI link. */
export function useSettlementWorkflow(group: TStudioGroupRef | null, uuid: string) {
  return useQuery({
    queryKey: settlementQueryKeys.workflow(uuid),
    queryFn: ({ signal }) => apiRequest(`${groupPath(group!)}/settlement/${seg(uuid)}/workflow`, { schema: ZSettlementWorkflowInfo, signal }),
    enabled: Boolean(group && uuid),
  });
}

/** GET /settlement/{uuid}/admin-positions?trainerUuid=: the 'Administration' rows of one trainer. */
export function useAdminPositions(group: TStudioGroupRef | null, uuid: string, trainerUuid: string | null) {
  return useQuery({
    queryKey: settlementQueryKeys.adminPositions(uuid, trainerUuid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`${groupPath(group!)}/settlement/${seg(uuid)}/admin-positions?trainerUuid=${seg(trainerUuid!)}`, {
        schema: ZAdminPositionListResponse,
        signal,
      }),
    enabled: Boolean(group && trainerUuid),
  });
}

// --- commands ----------------------------------------------------------------------------------

/** After a command the workflow's answer is the new truth: put it into the cached record, then refetch. */
function useApplyState(uuid: string) {
  const queryClient = useQueryClient();
  return (state: TSettlementDetail['workflow']) => {
    if (state) {
      queryClient.setQueryData<TSettlementDetail>(settlementQueryKeys.detail(uuid), (detail) =>
        detail ? { ...detail, workflow: state, step: state.step, status: state.status } : detail,
      );
    }
    void queryClient.invalidateQueries(exactDetail(uuid));
    void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.lists() });
  };
}

/** POST /settlement/{uuid}/selection: "Next" on the select-trainer screen; creates the settlement if it is new. */
export function useSaveSelection(group: TStudioGroupRef, uuid: string) {
  const applyState = useApplyState(uuid);
  return useMutation({
    mutationFn: ({ month, trainerUuids }: { month: string; trainerUuids: string[] }) =>
      apiRequest(`${groupPath(group)}/settlement/${seg(uuid)}/selection`, {
        method: 'POST',
        body: { ...groupFields(group), settlementMonth: month, trainersSelected: trainerUuids },
        schema: ZSettlementStepResponse,
      }),
    onSuccess: (answer) => applyState(answer.state),
  });
}

/** POST /settlement/{apiSlug}/create/{phase}: one of the three preparation calls (33 / 66 / 100 %). */
export function runPreparationCall({
  group,
  uuid,
  month,
  phase,
  trainerUuids,
  signal,
}: {
  group: TStudioGroupRef;
  uuid: string;
  month: string;
  phase: TPreparationPhase;
  trainerUuids?: string[];
  signal?: AbortSignal;
}) {
  return apiRequest(`${groupPath(group)}/settlement/${seg(group.apiSlug)}/create/${phase}`, {
    method: 'POST',
    body: { ...groupFields(group), settlementMonth: month, settlementUuid: uuid, ...(trainerUuids ? { trainersSelected: trainerUuids } : {}) },
    schema: ZSettlementStepResponse,
    signal,
  });
}

/** POST /settlement/create {trainerReview}: previews for trainers (step 3) or straight to credit notes (step 5). */
export function useCreateSettlement(group: TStudioGroupRef, uuid: string) {
  const applyState = useApplyState(uuid);
  return useMutation({
    mutationFn: ({ month, trainerReview }: { month: string; trainerReview: boolean }) =>
      apiRequest(`${groupPath(group)}/settlement/create`, {
        method: 'POST',
        body: { ...groupFields(group), apiSlug: group.apiSlug, settlementMonth: month, settlementUuid: uuid, trainerReview },
        schema: ZSettlementStepResponse,
      }),
    onSuccess: (answer) => applyState(answer.state),
  });
}

/** POST /settlement/{uuid}/step: jump to a step the workflow has reached (spec 2.2: jump by index). */
export function useJumpToStep(group: TStudioGroupRef, uuid: string) {
  const applyState = useApplyState(uuid);
  return useMutation({
    mutationFn: (step: number) =>
      apiRequest(`${groupPath(group)}/settlement/${seg(uuid)}/step`, { method: 'POST', body: { step }, schema: ZSettlementStepResponse }),
    onSuccess: (answer) => applyState(answer.state),
  });
}

/** POST /settlement/{uuid}/command: finish, archive or delete (spec 2.12 modals). */
export function useSettlementCommand(group: TStudioGroupRef, uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, month, userUuid }: { action: TSettlementAction; month?: string; userUuid?: string }) =>
      apiRequest(`${groupPath(group)}/settlement/${seg(uuid)}/command`, {
        method: 'POST',
        body: { ...groupFields(group), action, ...(month ? { settlementMonth: month } : {}), ...(userUuid ? { userUuid } : {}) },
        schema: ZSettlementCommandResponse,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData<TSettlementDetail>(settlementQueryKeys.detail(uuid), (detail) =>
        detail ? { ...detail, status: answer.settlementStatus } : detail,
      );
      void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.detail(uuid) });
      void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.lists() });
    },
  });
}

/** POST /settlement/{uuid}/admin-positions: a manual line; the trainer's lines are prepared again. */
export function useAddAdminPosition(group: TStudioGroupRef, uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateAdminPositionRequest) =>
      apiRequest(`${groupPath(group)}/settlement/${seg(uuid)}/admin-positions`, { method: 'POST', body, schema: ZAdminPosition }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.detail(uuid) }),
  });
}

/** DELETE /settlement/{uuid}/admin-positions/{positionUuid}. */
export function useDeleteAdminPosition(group: TStudioGroupRef, uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (positionUuid: string) =>
      apiRequest(`${groupPath(group)}/settlement/${seg(uuid)}/admin-positions/${seg(positionUuid)}`, { method: 'DELETE', schema: ZStatusResponse }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.detail(uuid) }),
  });
}

/** GET /settlement/calculate-sum/{uuid}: sums of all lines, stored on the settlement (the sum cards). */
export function useCalculateSum(group: TStudioGroupRef, uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`${groupPath(group)}/settlement/calculate-sum/${seg(uuid)}`, { schema: ZCalculateSumResponse }),
    onSuccess: (answer) => {
      queryClient.setQueryData<TSettlementDetail>(settlementQueryKeys.detail(uuid), (detail) =>
        detail ? { ...detail, sumNet: answer.sumNet, sumVat: answer.sumVat, sumGross: answer.sumGross } : detail,
      );
      void queryClient.invalidateQueries(exactDetail(uuid));
      void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.lists() });
    },
  });
}

// One hook per call of the review loop (spec 7 "Preview check" and the review calls of "Settlement
// wizard v2"). Every key sits below the settlement's detail key, so a 'settlement:state' event (which
// invalidates that prefix) refreshes these screens too.

export const reviewQueryKeys = {
  reviews: (uuid: string) => [...settlementQueryKeys.detail(uuid), 'reviews'] as const,
  previewCheck: (uuid: string) => [...settlementQueryKeys.detail(uuid), 'preview-check'] as const,
  creditNotePreviews: (uuid: string) => [...settlementQueryKeys.detail(uuid), 'credit-note-preview'] as const,
  creditNotePreview: (uuid: string, trainerUuid: string) => [...settlementQueryKeys.detail(uuid), 'credit-note-preview', trainerUuid] as const,
  approvedTrainers: (uuid: string) => [...settlementQueryKeys.detail(uuid), 'approved-trainers'] as const,
};

/** GET /settlement/trainer/reviews/{idStudioGroup}/{settlementUuid}: one review per trainer sent a preview (step 4). */
export function useTrainerReviews(group: TStudioGroupRef, settlementUuid: string) {
  return useQuery({
    queryKey: reviewQueryKeys.reviews(settlementUuid),
    queryFn: ({ signal }) =>
      apiRequest(`${groupPath(group)}/settlement/trainer/reviews/${group.id}/${seg(settlementUuid)}`, { schema: ZTrainerReviewsResponse, signal }),
  });
}

/** PUT /trainer_account/settlement_review/{settlementUuid}: the company's comments, row approvals and 'review finished'. */
export function useSaveTrainerReview(group: TStudioGroupRef, settlementUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ trainerUuid, review, approved }: { trainerUuid: string; review: TReviewRow[]; approved: boolean }) =>
      apiRequest(`${groupPath(group)}/trainer_account/settlement_review/${seg(settlementUuid)}`, {
        method: 'PUT',
        // The brief of spec 7 names it trainerAccountUuid; the API reads trainerUuid first (the trainer record).
        body: { trainerUuid, trainerAccountUuid: trainerUuid, studioGroupUuid: group.uuid, review, approved },
        schema: ZReviewSavedResponse,
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.detail(settlementUuid) }),
  });
}

/** GET /settlement/{settlementUuid}/preview-check: locations and their trainers (left column of 2.10). */
export function usePreviewCheck(group: TStudioGroupRef, settlementUuid: string) {
  return useQuery({
    queryKey: reviewQueryKeys.previewCheck(settlementUuid),
    queryFn: ({ signal }) => apiRequest(`${groupPath(group)}/settlement/${seg(settlementUuid)}/preview-check`, { schema: ZPreviewCheckResponse, signal }),
  });
}

/** POST /settlement/trainer-preview/{trainerUuid}: one trainer's credit-note preview with its comments and approvals. */
export function useCreditNotePreview(group: TStudioGroupRef, settlementUuid: string, trainerUuid: string | null) {
  return useQuery({
    queryKey: reviewQueryKeys.creditNotePreview(settlementUuid, trainerUuid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`${groupPath(group)}/settlement/trainer-preview/${seg(trainerUuid!)}`, {
        method: 'POST',
        body: { settlementUuid, apiSlug: group.apiSlug },
        schema: ZCreditNotePreview,
        signal,
      }),
    enabled: Boolean(trainerUuid),
  });
}

/** GET /settlement/trainer-preview/{settlementUuid}/approved: trainers whose credit note may go out. */
export function useApprovedTrainers(group: TStudioGroupRef, settlementUuid: string, enabled: boolean) {
  return useQuery({
    queryKey: reviewQueryKeys.approvedTrainers(settlementUuid),
    queryFn: ({ signal }) =>
      apiRequest(`${groupPath(group)}/settlement/trainer-preview/${seg(settlementUuid)}/approved`, { schema: ZApprovedTrainersResponse, signal }),
    enabled,
  });
}

/** After an approval or comment: the trainer's preview, the left column and the wizard's state are stale. */
function useRefreshPreview(settlementUuid: string) {
  const queryClient = useQueryClient();
  return (trainerUuid?: string) => {
    if (trainerUuid) void queryClient.invalidateQueries({ queryKey: reviewQueryKeys.creditNotePreview(settlementUuid, trainerUuid) });
    void queryClient.invalidateQueries({ queryKey: reviewQueryKeys.previewCheck(settlementUuid) });
    void queryClient.invalidateQueries({ queryKey: reviewQueryKeys.approvedTrainers(settlementUuid) });
    void queryClient.invalidateQueries({ queryKey: reviewQueryKeys.reviews(settlementUuid) });
    void queryClient.invalidateQueries({ queryKey: settlementQueryKeys.detail(settlementUuid), exact: true });
  };
}

/** POST /settlement/trainer-preview/approve_by_company/{trainerUuid}: the editable Company switch. */
export function approveByCompany({
  group,
  settlementUuid,
  trainerUuid,
  approved,
  userUuid,
}: {
  group: TStudioGroupRef;
  settlementUuid: string;
  trainerUuid: string;
  approved: boolean;
  userUuid?: string;
}) {
  return apiRequest(`${groupPath(group)}/settlement/trainer-preview/approve_by_company/${seg(trainerUuid)}`, {
    method: 'POST',
    body: { settlementUuid, approved, ...(userUuid ? { userUuid } : {}) },
    schema: ZApprovalListResponse,
  });
}

export function useApproveByCompany(group: TStudioGroupRef, settlementUuid: string, userUuid?: string) {
  const refresh = useRefreshPreview(settlementUuid);
  return useMutation({
    mutationFn: ({ trainerUuid, approved }: { trainerUuid: string; approved: boolean }) =>
      approveByCompany({ group, settlementUuid, trainerUuid, approved, userUuid }),
    onSettled: (_answer, _error, { trainerUuid }) => refresh(trainerUuid),
  });
}

/** POST /settlement/trainer-preview/approve_by_location/{trainerUuid}: a location sub-header's toggle. */
export function useApproveByLocation(group: TStudioGroupRef, settlementUuid: string, userUuid?: string) {
  const refresh = useRefreshPreview(settlementUuid);
  return useMutation({
    mutationFn: ({ trainerUuid, locationUuid, approved }: { trainerUuid: string; locationUuid: string; approved: boolean }) =>
      apiRequest(`${groupPath(group)}/settlement/trainer-preview/approve_by_location/${seg(trainerUuid)}`, {
        method: 'POST',
        body: { settlementUuid, approved, locationUuid, ...(userUuid ? { userUuid } : {}) },
        schema: ZApproveByLocationResponse,
      }),
    onSettled: (_answer, _error, { trainerUuid }) => refresh(trainerUuid),
  });
}

export type AdminComment = {
  trainerUuid: string;
  comment: string;
  classHash: string;
  className: string;
  classDateTime: string;
  mood: TCommentMood | '';
};

/** POST /settlement/trainer-preview/comment/{trainerUuid}: the company's comment on a class or the overall feedback. */
export function useAddAdminComment(group: TStudioGroupRef, settlementUuid: string, userUuid?: string) {
  const refresh = useRefreshPreview(settlementUuid);
  return useMutation({
    mutationFn: ({ trainerUuid, ...body }: AdminComment) =>
      apiRequest(`${groupPath(group)}/settlement/trainer-preview/comment/${seg(trainerUuid)}`, {
        method: 'POST',
        body: { ...body, settlementUuid, ...(userUuid ? { userUuid } : {}) },
        schema: ZCommentsResponse,
      }),
    onSuccess: (_answer, { trainerUuid }) => refresh(trainerUuid),
  });
}

/**
 * POST /settlement/trainer-preview/send: answers a stream of ZSendStreamMessage (config with
 * item_count, then a message per trainer, finished_studiogroup last). A line that is not one of
 * them is skipped (spec 8: an unparseable chunk is skipped).
 */
export async function sendPreviews({
  group,
  settlementUuid,
  month,
  trainerUuids,
  message,
  onMessage,
  signal,
}: {
  group: TStudioGroupRef;
  settlementUuid: string;
  month: string | null;
  trainerUuids: string[];
  message: string;
  onMessage: (message: TSendStreamMessage) => void;
  signal?: AbortSignal;
}) {
  await readStream({
    path: `${groupPath(group)}/settlement/trainer-preview/send`,
    body: { settlementUuid, ...(month ? { settlementMonth: month } : {}), trainersSelected: trainerUuids, message },
    schema: ZSendStreamMessage,
    onMessage,
    signal,
  });
}

// The calls of the credit-note step (spec 7, v2 "credit-note, SEPA, accounting-email calls"). Keys
// sit below the settlement's detail key, so a 'settlement:state' event refreshes them too.

export const creditNoteStepQueryKeys = {
  accountingEmail: (uuid: string, runUuid: string) => [...settlementQueryKeys.detail(uuid), 'accounting-email', runUuid] as const,
};

/**
 * POST /settlement/trainer-credit-note/send: one credit-note run (its uuid made here, one per
 * "Create credit notes"), answered as a stream of ZSendStreamMessage. A refusal (422 not approved,
 * incomplete, no consent; 409 running or already sent) rejects before any message.
 */
export async function sendCreditNotes({
  group,
  settlementUuid,
  runUuid,
  month,
  trainerUuids,
  confirmSmallBusinessLimit,
  onMessage,
  signal,
}: {
  group: TStudioGroupRef;
  settlementUuid: string;
  runUuid: string;
  month: string | null;
  trainerUuids: string[];
  /** The admin confirmed billing past the small-business limit without VAT (§19 UStG). */
  confirmSmallBusinessLimit?: boolean;
  onMessage: (message: TSendStreamMessage) => void;
  signal?: AbortSignal;
}) {
  await readStream({
    path: `${groupPath(group)}/settlement/trainer-credit-note/send`,
    body: { settlementUuid, settlementRunUuid: runUuid, ...(month ? { settlementMonth: month } : {}), trainersSelected: trainerUuids, ...(confirmSmallBusinessLimit ? { confirmSmallBusinessLimit } : {}) },
    schema: ZSendStreamMessage,
    onMessage,
    signal,
  });
}

/** POST /settlement/accounting-email/prepare: the accounting e-mail of a finished run (spec 3), with its attachment statuses. */
export function useAccountingEmail(group: TStudioGroupRef, settlementUuid: string, runUuid: string | null) {
  return useQuery({
    queryKey: creditNoteStepQueryKeys.accountingEmail(settlementUuid, runUuid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`${groupPath(group)}/settlement/accounting-email/prepare`, {
        method: 'POST',
        body: { settlementUuid, settlementRunUuid: runUuid },
        schema: ZAccountingEmail,
        signal,
      }),
    enabled: Boolean(runUuid),
    // The admin edits a copy; a refetch only refreshes the attachment statuses.
    staleTime: 30_000,
  });
}

/** POST /settlement/accounting-email/send: answers the server's message (or a 400 naming the bad address). */
export function useSendAccountingEmail(group: TStudioGroupRef) {
  return useMutation({
    mutationFn: (body: TAccountingEmailSendRequest) =>
      apiRequest(`${groupPath(group)}/settlement/accounting-email/send`, { method: 'POST', body, schema: ZAccountingEmailSendResponse }),
  });
}

// The calls of wizard v1 (admin spec 7 "Settlement wizard v1 (unversioned paths under /api)"). The
// paths name the studio group by apiSlug / idMandant / idStudioGroup; idUser is the signed-in user.

export type V1Scope = { group: TStudioGroupRef; importMonth: string; settlementUuid: string; userUuid: string };

/** POST /api/settlement/{apiSlug}/create/invoice-data | class | trainer. */
export const createSettlementPhase = ({ group, importMonth, settlementUuid }: V1Scope, phase: TPreparationPhase) =>
  apiRequest(`/api/settlement/${seg(group.apiSlug)}/create/${phase}`, {
    method: 'POST',
    body: { idMandant: group.mandantId, idStudioGroup: group.id, importMonth, settlementUuid },
    schema: ZV1PreparationResponse,
  });

/** GET /api/settlement/trainer/list/{apiSlug}/{idStudioGroup}/{importMonth}: the prepared trainers. */
export const loadTrainerList = ({ group, importMonth, settlementUuid }: V1Scope) =>
  apiRequest(`/api/settlement/trainer/list/${seg(group.apiSlug)}/${group.id}/${seg(importMonth)}?settlementUuid=${seg(settlementUuid)}`, { schema: ZTrainerListResponse });

/** GET /api/trainer-invoice/create/...: one trainer's invoice (credit note PDF). */
export const createInvoice = ({ group, importMonth, settlementUuid, userUuid }: V1Scope, trainerId: number) =>
  apiRequest(`/api/trainer-invoice/create/${seg(group.apiSlug)}/${group.mandantId}/${group.id}/${seg(importMonth)}/${trainerId}/${seg(userUuid)}/${seg(settlementUuid)}`, {
    schema: ZV1InvoiceCreateResponse,
  });

/** GET /api/settlement/update/invoice/{idStudioGroup}/{importMonth}/{settlementUuid}. */
export const updateInvoiceState = ({ group, importMonth, settlementUuid }: V1Scope) =>
  apiRequest(`/api/settlement/update/invoice/${group.id}/${seg(importMonth)}/${seg(settlementUuid)}`, { schema: ZV1UpdateInvoiceResponse });

/** GET /api/trainer-invoice/send/...: one trainer's e-mail with the invoice. */
export const sendInvoice = ({ group, importMonth, settlementUuid, userUuid }: V1Scope, trainerId: number) =>
  apiRequest(`/api/trainer-invoice/send/${group.mandantId}/${group.id}/${seg(importMonth)}/${trainerId}/${seg(userUuid)}/${seg(settlementUuid)}`, {
    schema: ZV1InvoiceSendResponse,
  });

/** GET /api/settlement/update/emails/...: the run's banking XML, ZIP and CSV, and the sums. */
export const updateEmailState = ({ group, importMonth, settlementUuid }: V1Scope) =>
  apiRequest(`/api/settlement/update/emails/${seg(group.apiSlug)}/${group.id}/${seg(importMonth)}/${seg(settlementUuid)}`, { schema: ZV1UpdateEmailsResponse });

/** The run's SEPA file (api/downloads), opened through a signed link. */
export const sepaXmlPath = (group: TStudioGroupRef, settlementUuid: string, runUuid: string) =>
  `/api/v1/${seg(group.uuid)}/settlement/${seg(settlementUuid)}/run/${seg(runUuid)}/sepa-xml`;
