import { z } from 'zod';
import { ZIsoDate } from './common.contract';
import { ZSuccess } from './master-data.contract';

// A new studio group's first month (process `onboarding`): the checklist that reads the group's real
// state, the trainer CSV upload and the bulk portal invitation. What "done" means per item is
// docs/decisions/0135.

/** done: nothing to do; open: not started; attention: started, but something keeps it from done. */
export const FIRST_MONTH_ITEM_STATES = ['done', 'open', 'attention'] as const;
export const ZFirstMonthItemState = z.enum(FIRST_MONTH_ITEM_STATES);
export type TFirstMonthItemState = z.infer<typeof ZFirstMonthItemState>;

/** The checklist's items, in the order the screen shows them. */
export const FIRST_MONTH_ITEMS = ['companyData', 'sourceSystem', 'trainers', 'classes', 'payRules', 'invitations', 'selfBillingConsent', 'firstSettlement'] as const;
export type TFirstMonthItemKey = (typeof FIRST_MONTH_ITEMS)[number];

/** The group's fields a month close needs (the settings screen's, checked by the settings' own validators). */
export const COMPANY_DATA_FIELDS = ['companyName', 'address', 'taxNumberOrVatId', 'iban', 'bic', 'accountingEmail'] as const;

const item = <T extends z.ZodRawShape>(shape: T) =>
  z.object({
    state: ZFirstMonthItemState,
    /** The admin screen that fixes it, below /{locale}/ (e.g. `admin/settings`). */
    link: z.string(),
    ...shape,
  });

/**
 * Invitation states of a trainer record as the checklist lists them: 'accepted' is linked to a portal
 * account now; 'disconnected' accepted once and removed the connection since (not invited again unasked).
 */
export const FIRST_MONTH_INVITATION_STATES = ['notInvited', 'pending', 'accepted', 'declined', 'revoked', 'disconnected'] as const;

export const ZFirstMonthInvitee = z.object({
  trainerUuid: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  state: z.enum(FIRST_MONTH_INVITATION_STATES),
  /** When the latest invitation was created; null when never invited. */
  invitedAt: z.string().nullable(),
  /** When it was accepted, declined or withdrawn. */
  respondedAt: z.string().nullable(),
});
export type TFirstMonthInvitee = z.infer<typeof ZFirstMonthInvitee>;

/** GET /api/v1/{g}/first-month */
export const ZFirstMonthChecklist = z.object({
  /** The month the checklist reads classes of: the last complete one, as its last day. */
  month: ZIsoDate,
  /** Every item done. */
  complete: z.boolean(),
  /** Whether the admin's navigation shows "First month": not complete and no settlement closed yet. */
  showInNavigation: z.boolean(),
  /** Whether the admin lands on the checklist after log-in: shown in navigation and the group's set-up (company data, trainers) still open. */
  landHere: z.boolean(),
  items: z.object({
    companyData: item({
      /** Fields left empty. */
      missing: z.array(z.enum(COMPANY_DATA_FIELDS)),
      /** Fields filled in that the settings' validators refuse. */
      invalid: z.array(z.enum(['iban', 'bic', 'vatId', 'postalCode', 'accountingEmail'])),
    }),
    sourceSystem: item({ sourceSystem: z.string(), studios: z.number().int() }),
    trainers: item({ trainers: z.number().int(), withEmail: z.number().int(), withoutEmail: z.number().int() }),
    classes: item({ month: ZIsoDate, classes: z.number().int() }),
    payRules: item({
      month: ZIsoDate,
      rules: z.number().int(),
      /** The data check's last-month classes no payment type rule pays. */
      classesWithoutRule: z.number().int(),
      /** The data check's trainers with incomplete billing data. */
      trainersWithIncompleteData: z.number().int(),
    }),
    invitations: item({
      /** Invited and not answered yet. */
      invited: z.number().int(),
      /** Linked to a portal account. */
      accepted: z.number().int(),
      /** With an e-mail address, never invited (what the bulk invitation sends to). */
      notInvitedWithEmail: z.number().int(),
      withoutEmail: z.number().int(),
      people: z.array(ZFirstMonthInvitee),
    }),
    selfBillingConsent: item({ withConsent: z.number().int(), withoutConsent: z.number().int() }),
    firstSettlement: item({
      status: z.enum(['none', 'inProgress', 'closed']),
      settlementUuid: z.string().nullable(),
      settlementMonth: ZIsoDate.nullable(),
      creditNotes: z.number().int(),
    }),
  }),
});
export type TFirstMonthChecklist = z.infer<typeof ZFirstMonthChecklist>;

/** The trainer CSV's columns (domain/source-systems/README.md), in the order of the example file. */
export const TRAINER_CSV_COLUMNS = [
  'source_id',
  'first_name',
  'last_name',
  'company_name',
  'email',
  'street',
  'house_number',
  'postal_code',
  'city',
  'country',
  'iban',
  'bic',
  'tax_number',
  'tax_number_mandatory',
  'vat_id',
  'vat_liable',
] as const;
export type TTrainerCsvColumn = (typeof TRAINER_CSV_COLUMNS)[number];

/** POST /api/v1/{g}/trainers/csv: multipart with one `file`. */
export const ZTrainerCsvUpload = z.object({ file: z.string().optional().describe('The CSV file (UTF-8, comma or semicolon, at most 1 MB).') });

export const ZTrainerCsvRowError = z.object({
  /** The file's line (the header is line 1). */
  line: z.number().int(),
  /** The column the error is in; null for the row as a whole. */
  column: z.string().nullable(),
  /** The reason in the caller's language. */
  reason: z.string(),
  /** Line, column and reason as one sentence in the caller's language. */
  message: z.string(),
});
export type TTrainerCsvRowError = z.infer<typeof ZTrainerCsvRowError>;

export const ZTrainerCsvImported = ZSuccess.extend({ created: z.number().int(), updated: z.number().int() });
export type TTrainerCsvImported = z.infer<typeof ZTrainerCsvImported>;

/** POST /api/v1/{g}/trainers/invitations */
export const ZBulkInvitationRequest = z.object({
  /** The trainer records to invite; omitted: every one with an e-mail address never invited. */
  trainerUuids: z.array(z.uuid({ error: 'validation.uuid' }), { error: 'validation.invalid' }).max(5000, { error: 'validation.invalid' }).optional(),
});
export type TBulkInvitationRequest = z.infer<typeof ZBulkInvitationRequest>;

export const BULK_INVITATION_SKIP_REASONS = ['noEmail', 'alreadyConnected', 'alreadyPending', 'staffAddress', 'accountConnectedHere', 'notFound'] as const;

export const ZBulkInvitationAnswer = ZSuccess.extend({
  sent: z.number().int(),
  skipped: z.array(z.object({ trainerUuid: z.string(), name: z.string().nullable(), reason: z.enum(BULK_INVITATION_SKIP_REASONS), message: z.string() })),
});
export type TBulkInvitationAnswer = z.infer<typeof ZBulkInvitationAnswer>;
