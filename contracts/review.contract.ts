import { z } from 'zod';
import { ZEuros, ZIsoDate, ZUuid } from './common.contract';
import { ZBillingRefusal, ZSettlementMonth, ZTrainerWorkflowState } from './settlement.contract';

// The review loop of the month close (spec admin 2.5–2.7, 2.10, 3, 4, 7 "Preview check" and the
// review calls of "Settlement wizard v2"; trainer portal 2–5, 7). Shared by api/routes and web/.
//
// Who keeps what:
// - The settlement workflow holds the process: which trainers were sent a preview, the approvals
//   (the approve calls are updates to it; its validator refuses a locked approval).
// - PostgreSQL holds the records: review rows, comments (a thread per class hash, one for the
//   overall feedback), the approval history (appended, newest first in answers), notifications.
// - A comment or review row saved by a trainer is refused once the company approved that trainer or
//   the credit note is created (pdfCreated) — on the server, not only on screen.
// - Saving a review row with a trainer_review_comment (trainer) or company_comment (admin) also adds
//   that text to the row's comment thread, so the review table (2.7) and the threads (2.10, the
//   trainer's review screen) tell the same conversation.
//
// Identifiers: in trainer calls `{user}`, `{userId}`, `trainerAccountUuid` are the trainer's user
// uuid (their `x-user`); in admin calls `{trainerUuid}`/`TrainerID` is the studio group's trainer
// record (Trainer.uuid / Trainer.id).

// --- approvals and comments (both sides) --------------------------------------------------------

/** One approval toggle; lists are newest first, so the first entry is the current state. */
export const ZApprovalEntry = z.object({
  approved: z.boolean(),
  /** Display name of who toggled. */
  user: z.string(),
  /** Unix seconds. */
  timestamp: z.number().int(),
});
export type TApprovalEntry = z.infer<typeof ZApprovalEntry>;

/** Who toggles an approval: the trainer (portal), the company (preview check) or a location. */
export const APPROVAL_BY = ['trainer', 'company', 'location'] as const;
export type TApprovalBy = (typeof APPROVAL_BY)[number];

/** The spec's approval value: the string 'false' when never toggled, else the list. */
export const ZApprovalValue = z.union([z.literal('false'), z.array(ZApprovalEntry).min(1)]);
export type TApprovalValue = z.infer<typeof ZApprovalValue>;

export const COMMENT_MOODS = ['excited', 'loved', 'happy', 'sad', 'thumbsy'] as const;
export const ZCommentMood = z.enum(COMMENT_MOODS);
export type TCommentMood = z.infer<typeof ZCommentMood>;

/** The comment thread key of the whole settlement's feedback (the 'Overall Feedback' row). */
export const OVERALL_FEEDBACK = 'trainer_feedback_overall';

export const ZComment = z.object({
  uuid: ZUuid,
  name: z.string(),
  role: z.enum(['ROLE_TRAINER', 'ROLE_ADMIN']),
  /** Unix seconds. */
  timestamp: z.number().int(),
  comment: z.string(),
  /** '' = none chosen (the chat-bubble icon). */
  mood: z.union([ZCommentMood, z.literal('')]),
});
export type TComment = z.infer<typeof ZComment>;

/**
 * Comment text (spec 5): `< > { }` removed (and, as the admin variant does, straight quotes turned
 * into typographic ones), trimmed; empty after that is refused. At most 2,000 characters.
 */
export const cleanCommentText = (text: string) =>
  text
    .replace(/[<>{}]/g, '')
    .replace(/"([^"]*)"/g, '„$1“')
    .replace(/"/g, '”')
    .replace(/'/g, '’')
    .trim();
export const ZCommentText = z
  .string({ error: 'review.commentEmpty' })
  .transform(cleanCommentText)
  .pipe(z.string().min(1, { error: 'review.commentEmpty' }).max(2000, { error: 'review.commentTooLong' }));

/** Body of the trainer's /add-comment. */
export const ZAddCommentRequest = z.object({
  comment: ZCommentText,
  /** A class hash of the trainer's lines, or OVERALL_FEEDBACK. */
  classHash: z.string().min(1).max(64),
  className: z.string().max(255).optional().default(''),
  /** As shown ('DD.MM.YYYY HH:mm') or ISO; informational. */
  classDateTime: z.string().max(64).optional().default(''),
  mood: z.union([ZCommentMood, z.literal('')]).optional().default(''),
});
export type TAddCommentRequest = z.input<typeof ZAddCommentRequest>;

/** Body of the admin's POST /settlement/trainer-preview/comment/{trainerUuid}. */
export const ZAdminCommentRequest = ZAddCommentRequest.extend({ settlementUuid: ZUuid, userUuid: ZUuid.optional() });
export type TAdminCommentRequest = z.input<typeof ZAdminCommentRequest>;

/** Answer of both comment calls: the row's thread, newest first (the first is the new one). */
export const ZCommentsResponse = z.object({ status: z.literal('success'), comments: z.array(ZComment) });
export type TCommentsResponse = z.infer<typeof ZCommentsResponse>;

// --- the credit-note preview (admin 2.10 middle column, trainer's review screen) ----------------

export const ZCreditNoteRow = z.object({
  class_hash: z.string(),
  /** 'Admin' for admin positions (shown as 'Administration'). */
  studio_name: z.string(),
  /** The admin-position pseudo location for admin rows ('admin'). */
  studio_uuid: z.string(),
  /** ISO instant; null for admin rows. */
  class_datetime: z.string().nullable(),
  class_name: z.string(),
  class_duration: z.number().int(),
  class_booked_slot: z.number().int(),
  /** Euros (at most two decimals). */
  value_net: ZEuros,
  value_vat: ZEuros,
  value_gross: ZEuros,
  vat_rate_basis_points: z.number().int(),
  /** The trainer record the row pays (spec 3, credit note rows). */
  trainer_uuid: ZUuid,
  trainer_company_name: z.string(),
  comment: z.object({ class_hash: z.string(), class_name: z.string(), comments: z.array(ZComment) }),
});
export type TCreditNoteRow = z.infer<typeof ZCreditNoteRow>;

/** The pseudo location of admin positions (spec 2.10: no recalculation link for it). */
export const ADMIN_LOCATION_UUID = 'admin';

export const ZCreditNotePreview = z.object({
  status: z.literal('success'),
  settlementUuid: ZUuid,
  settlementMonth: ZIsoDate,
  trainerUuid: ZUuid,
  trainerName: z.string(),
  workflow_state: ZTrainerWorkflowState,
  /** true once the company approved or the credit note is created: comments, data and approval are locked. */
  locked: z.boolean(),
  /** true once the credit note is created (the trainer's 'finished'). */
  pdfCreated: z.boolean(),
  credit_note_info: z.object({
    approved_by_company: ZApprovalValue,
    approved_by_trainer: ZApprovalValue,
    /** 'false' or lists keyed by studio uuid. */
    approved_by_location: z.union([z.literal('false'), z.record(z.string(), z.array(ZApprovalEntry))]),
  }),
  /** Class rows ordered by studio name then time; admin rows last. */
  credit_note_rows: z.array(ZCreditNoteRow),
  /** Sums of the rows, euros. */
  credit_note_footer: z.object({ sum_net: ZEuros, sum_vat: ZEuros, sum_gross: ZEuros, studio_group_name: z.string() }),
  overall_feedback: z.object({ comments: z.array(ZComment) }),
});
export type TCreditNotePreview = z.infer<typeof ZCreditNotePreview>;

// --- admin: preview check (2.10) ---------------------------------------------------------------

/** Body of POST /settlement/trainer-preview/{trainerUuid}. */
export const ZTrainerPreviewRequest = z.object({ settlementMonth: ZSettlementMonth.optional(), settlementUuid: ZUuid, apiSlug: z.string().optional() });

/** GET /settlement/{settlementUuid}/preview-check: the left column (locations with their trainers). */
export const ZPreviewCheckTrainer = z.object({
  trainer_uuid: ZUuid,
  trainer_id: z.number().int(),
  trainer_company_name: z.string(),
  trainer_name: z.string(),
  location_uuid: ZUuid,
  workflow_state: ZTrainerWorkflowState,
  has_comments: z.boolean(),
  approved_by_company: z.enum(['true', 'false']),
  approved_by_trainer: z.enum(['true', 'false']),
  trainer_data_complete: z.boolean(),
  trainer_account_connected: z.boolean(),
  /** Always sent: why the billing-eligibility rule refuses the trainer's credit note in this settlement (empty: it may be issued). */
  billing_refusals: z.array(ZBillingRefusal).optional(),
});
export type TPreviewCheckTrainer = z.infer<typeof ZPreviewCheckTrainer>;
export const ZPreviewCheckResponse = z.object({
  settlementUuid: ZUuid,
  settlementMonth: ZIsoDate,
  locations: z.array(z.object({ location_uuid: ZUuid, location_name: z.string() })),
  /** One entry per trainer and location they taught at (a trainer shows under each of their locations). */
  trainers: z.array(ZPreviewCheckTrainer),
});
export type TPreviewCheckResponse = z.infer<typeof ZPreviewCheckResponse>;

export const ZApproveByCompanyRequest = z.object({ settlementUuid: ZUuid, userUuid: ZUuid.optional(), approved: z.boolean() });
export const ZApproveByLocationRequest = ZApproveByCompanyRequest.extend({ locationUuid: ZUuid });
/** Answer of approve_by_company and the trainer's /approve: the list, newest first. */
export const ZApprovalListResponse = z.array(ZApprovalEntry);
export const ZApproveByLocationResponse = z.object({
  status: z.literal('success'),
  approved_by_location: z.record(z.string(), z.array(ZApprovalEntry)),
});

/** GET /settlement/trainer-preview/{settlementUuid}/approved: trainers the company approved (credit notes may go out). */
export const ZApprovedTrainer = z.object({
  trainer_uuid: ZUuid,
  TrainerID: z.number().int(),
  trainer_company_name: z.string(),
  trainer_name: z.string(),
  workflow_state: ZTrainerWorkflowState,
  /** Euros. */
  sum_gross: ZEuros,
});
export const ZApprovedTrainersResponse = z.object({ trainers: z.array(ZApprovedTrainer) });
export type TApprovedTrainersResponse = z.infer<typeof ZApprovedTrainersResponse>;

// --- send previews (2.5, 2.6; spec 4 "Preview send") --------------------------------------------

/** Body of POST /settlement/trainer-preview/send. */
export const ZSendPreviewsRequest = z.object({
  settlementUuid: ZUuid,
  settlementMonth: ZSettlementMonth.optional(),
  trainersSelected: z.array(ZUuid).min(1, { error: 'settlement.emptySelection' }),
  /** Text added to the notification and e-mail ('Write message here'); may be empty. */
  message: z.string().max(2000).optional().default(''),
});
export type TSendPreviewsRequest = z.input<typeof ZSendPreviewsRequest>;

/**
 * One line of the NDJSON stream of the two send calls (previews here, credit notes in the next step):
 * first `config` with item_count, then per trainer `success` ('Review for {id} created'), `info`
 * (not connected: 'Trainer account for {id} is not connected. Review is not available.'; already
 * sent) or `error` ('Review for {id} has not been created'), last `finished_studiogroup`.
 */
export const SEND_STREAM_STATUSES = ['config', 'error', 'success', 'info', 'finished_club', 'finished_studiogroup'] as const;
export const ZSendStreamMessage = z.object({
  status: z.enum(SEND_STREAM_STATUSES),
  message: z.string(),
  item_count: z.number().int().optional(),
  trainer_uuid: ZUuid.optional(),
  /** Per trainer: what was done (created = the spec's 200, not_connected = its 204). */
  outcome: z.enum(['created', 'already_sent', 'not_connected', 'failed']).optional(),
});
export type TSendStreamMessage = z.infer<typeof ZSendStreamMessage>;

/** Socket.io event 'settlement:send' in room settlement:{uuid}: the same messages, tagged by sending. */
export type TSettlementSendEvent = { settlementUuid: string; sendUuid: string; kind: 'preview' | 'credit_note'; message: TSendStreamMessage };

// --- the review rows (2.7 admin table, trainer's accounting review screen) ----------------------

export const ZReviewRow = z.object({
  /** The class hash, or OVERALL_FEEDBACK. */
  row_id: z.string().min(1).max(64),
  /**
   * JSON text {studio_name ('Admin' for admin positions), date (ISO instant or null), class_name,
   * class_booked_slot, netto, brutto (euros, as every amount the API answers)}, or 'trainer_feedback_overall'.
   */
  course: z.string().max(2000),
  trainer_review_comment: z.string().max(2000).nullable().default(null),
  company_approved: z.boolean().default(false),
  company_comment: z.string().max(2000).nullable().default(null),
});
export type TReviewRow = z.infer<typeof ZReviewRow>;

/** Data row of the trainer's review screen (trainer portal 3). Netto, MwSt, Brutto in euros. */
export const ZReviewDataRow = z.object({
  id_newrow: z.string(),
  /** Special values 'Admin' and 'trainer_feedback_overall'. */
  studio_name: z.string(),
  date: z.string().nullable(),
  class_name: z.string(),
  duration: z.number().int(),
  class_booked_slot: z.number().int(),
  Netto: ZEuros,
  MwSt: ZEuros,
  Brutto: ZEuros,
});

/** GET /api/v2/{g}/trainer_account/settlement_review/{settlementUuid}/{user} (200; 204 when there is no review). */
export const ZTrainerSettlementReview = z.object({
  review: z.array(ZReviewRow),
  /** Sums of the data rows, euros. */
  list_footer: z.object({ Netto: ZEuros, MwSt: ZEuros, Brutto: ZEuros }),
  data: z.array(ZReviewDataRow),
  /** The trainer confirmed ('I confirm that I have checked …'). */
  approved: z.boolean(),
  locked: z.boolean(),
});
export type TTrainerSettlementReview = z.infer<typeof ZTrainerSettlementReview>;

/** POST (first) / PUT (later) of the review, by the trainer (v2) or the admin (v1, with `approved` = review finished). */
export const ZSaveReviewRequest = z.object({
  trainerAccountUuid: ZUuid,
  studioGroupUuid: ZUuid,
  review: z.array(ZReviewRow).max(5000),
  /** Trainer: the confirmation checkbox (= trainer approval). Admin: 'review finished' (= company approval). */
  approved: z.boolean().optional(),
});
export type TSaveReviewRequest = z.input<typeof ZSaveReviewRequest>;

/**
 * The admin's PUT of a review (v1): the trainer is named by `trainerAccountUuid` (the account's user
 * uuid, or the studio group's trainer uuid) or by `trainerUuid`; one of them is required.
 */
export const ZAdminSaveReviewRequest = ZSaveReviewRequest.extend({ trainerAccountUuid: ZUuid.optional(), trainerUuid: ZUuid.optional() }).refine(
  (body) => body.trainerAccountUuid !== undefined || body.trainerUuid !== undefined,
  { error: 'review.trainerRequired', path: ['trainerAccountUuid'] },
);
export type TAdminSaveReviewRequest = z.input<typeof ZAdminSaveReviewRequest>;

/** Answer of both review saves ('Review saved.'). */
export const ZReviewSavedResponse = z.object({ status: z.literal('success'), message: z.string() });
export type TReviewSavedResponse = z.infer<typeof ZReviewSavedResponse>;

/** GET /settlement/trainer/reviews/{idStudioGroup}/{settlementUuid}: one per trainer sent a preview. */
export const ZTrainerReview = z.object({
  trainerUuid: ZUuid,
  TrainerID: z.number().int(),
  trainerAccountUuid: ZUuid.nullable(),
  studioGroupUuid: ZUuid,
  trainerName: z.string(),
  /** The company's approval. */
  approved: z.boolean(),
  /** The trainer confirmed their review. */
  trainerApproved: z.boolean(),
  review: z.array(ZReviewRow),
});
export type TTrainerReview = z.infer<typeof ZTrainerReview>;
export const ZTrainerReviewsResponse = z.array(ZTrainerReview);

// --- trainer portal reads ----------------------------------------------------------------------

/** GET /api/v2/settlements/{settlementUuid} (only a settlement the trainer was sent a preview of). */
export const ZTrainerSettlement = z.object({
  settlementUuid: ZUuid,
  studioGroupUuid: ZUuid,
  studioGroupName: z.string(),
  settlementMonth: ZIsoDate,
  /** true once the trainer's credit note is created: the review is finished. */
  pdfCreated: z.boolean(),
  /** The company approved this trainer. */
  companyApproved: z.boolean(),
});
export type TTrainerSettlement = z.infer<typeof ZTrainerSettlement>;

/** Query of GET /api/v2/trainer_credit_notes. */
export const ZTrainerCreditNotesQuery = z.object({
  workflowState: ZTrainerWorkflowState.optional(),
  'order[createdDt]': z.enum(['asc', 'desc']).optional().default('desc'),
  itemsPerPage: z.coerce.number().int().min(1).max(100).optional().default(10),
  page: z.coerce.number().int().min(1).optional().default(1),
  /** The caller's own user uuid (others are refused); trainerUuid[] may repeat it. */
  trainerUuid: z.union([ZUuid, z.array(ZUuid)]).optional(),
  'trainerUuid[]': z.union([ZUuid, z.array(ZUuid)]).optional(),
  studioGroupUuid: ZUuid.optional(),
});

export const ZTrainerCreditNoteItem = z.object({
  /** The settlement-trainer uuid. */
  id: ZUuid,
  studioGroup: z.object({ studioGroupsName: z.string(), uuid: ZUuid }),
  /** YYYY-MM. */
  month: z.string(),
  settlementUuid: ZUuid,
  approvedByTrainer: z.array(ZApprovalEntry),
  approvedByCompany: z.array(ZApprovalEntry),
  /** ISO instant the preview was sent. */
  createdDt: z.string(),
  workflowState: ZTrainerWorkflowState,
});
export type TTrainerCreditNoteItem = z.infer<typeof ZTrainerCreditNoteItem>;
export const ZTrainerCreditNotesResponse = z.object({
  'hydra:member': z.array(ZTrainerCreditNoteItem),
  'hydra:totalItems': z.number().int(),
});
export type TTrainerCreditNotesResponse = z.infer<typeof ZTrainerCreditNotesResponse>;

/** Body of the trainer's /approve (the Trainer switch). */
export const ZTrainerApproveRequest = z.object({ settlementUuid: ZUuid.optional(), userUuid: ZUuid.optional(), approved: z.boolean() });

// --- live events -------------------------------------------------------------------------------

/**
 * Socket.io event 'settlement:comment', in the settlement's room (the admin's preview check) and in
 * the trainer's `user:{userUuid}` room (their review screen): a comment was added. `trainerUuid` is
 * the studio group's trainer record (Trainer.uuid).
 */
export type TSettlementCommentEvent = { settlementUuid: string; trainerUuid: string; classHash: string; comment: TComment };
