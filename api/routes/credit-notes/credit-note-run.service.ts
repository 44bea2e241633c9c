import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { AccountingFile, CreditNote, SettlementRun, type Settlement, type StudioGroup } from '../../../db/entities';
import { formatEuro, sumCents } from '../../../domain/money';
import { translate, type Locale } from '../../../domain/messages';
import { isoDateOf, monthTitle } from '../../../domain/settlement/month';
import { ACCOUNTING_EMAIL_WORKFLOW, type TAccountingEmailWorkflow } from '../../../workflows/accounting-email.messages';
import { accountingEmailWorkflowId, TASK_QUEUE } from '../../../workflows/ids';
import {
  ACCOUNTING_FILE_TYPES,
  type TAccountingEmail,
  type TAccountingFileType,
  type TAttachmentStatus,
  type ZAccountingEmailSendRequest,
  type ZAccountingEmailSendResponse,
  type ZRunFilesRequest,
  type ZSepaXmlResponse,
} from '../../../contracts/credit-note-run.contract';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import { assertMonthMatches, parseMonth } from '../../http/settlement-checks';
import { assertSameStudioGroup, findSettlement } from '../../auth/tenancy';

// After a credit-note run (spec admin 2.8–2.10, 3): its files as the SEPA answer and the accounting
// e-mail show them, and the accounting e-mail, sent by its own small workflow so the SMTP hand-off
// is retried by Temporal. The run itself is started and streamed by credit-note-run.router.ts.

/** Who asks: the request's entity manager, the path's studio group and the caller's language. */
export type RunFilesContext = { em: EntityManager; group: StudioGroup; locale: Locale };
type RunFilesRequest = z.output<typeof ZRunFilesRequest>;

const FILE_SLUG: Record<TAccountingFileType, string> = { SEPA_XML: 'sepa-xml', CREDIT_NOTES_ZIP: 'credit-notes-zip', STUDIO_COSTS_BY_MONTH: 'studio-costs-csv', DATEV_EXTF: 'datev-extf', PAYOUT_RETURNS: 'payout-returns-csv' };
const FILE_ERROR: Record<TAccountingFileType, string> = {
  SEPA_XML: 'creditNote.file.sepaError',
  CREDIT_NOTES_ZIP: 'creditNote.file.zipError',
  STUDIO_COSTS_BY_MONTH: 'creditNote.file.csvError',
  DATEV_EXTF: 'datev.file.error',
  PAYOUT_RETURNS: 'creditNote.file.returnsError',
};

/** The run of this settlement and group, or 404; the spec's apiSlug and settlementMonth, when sent, must be the settlement's. */
async function findRun({ em, group, locale }: RunFilesContext, body: RunFilesRequest) {
  assertSameStudioGroup(group, { apiSlug: body.apiSlug });
  const settlement = await findSettlement(em, group, body.settlementUuid);
  if (body.settlementMonth !== undefined) assertMonthMatches(settlement, parseMonth(body.settlementMonth, 'settlementMonth'), locale);
  const runUuid = body.settlementRunUuid;
  const run = await em.findOne(SettlementRun, { uuid: runUuid, settlement });
  if (!run) throw notFound('creditNote.run.notFound');
  return { settlement, run };
}

async function attachmentStatuses({ em, group, locale }: RunFilesContext, settlement: Settlement, run: SettlementRun) {
  const files = await em.find(AccountingFile, { settlementRun: run });
  const byType = new Map(files.map((file) => [file.type as TAccountingFileType, file]));
  const statusOf = (type: TAccountingFileType): TAttachmentStatus => {
    const file = byType.get(type);
    const path = `/api/v1/${group.uuid}/settlement/${settlement.uuid}/run/${run.uuid}/${FILE_SLUG[type]}`;
    // The returns CSV is not the group's choice: there are returns to hand over (success), or none (not_set).
    if (type === 'PAYOUT_RETURNS') {
      if (file?.status === 'error') return { status: 'error', filePathName: null, message: translate(locale, FILE_ERROR[type]) };
      if (!file?.filePath) return { status: 'not_set', filePathName: null, message: translate(locale, 'creditNote.file.returnsNone') };
      return { status: 'success', filePathName: path };
    }
    if (!group.accountingFiles.includes(type)) return { status: 'not_set', filePathName: file?.filePath ? path : null };
    // DATEV without the group's DATEV settings: not written, 'not_set' with the reason.
    if (type === 'DATEV_EXTF' && file?.status === 'not_set' && !file.filePath) return { status: 'not_set', filePathName: null, message: translate(locale, 'datev.file.notSet') };
    if (!file || file.status === 'error' || !file.filePath) return { status: 'error', filePathName: null, message: translate(locale, FILE_ERROR[type]) };
    return { status: 'success', filePathName: path };
  };
  return {
    sepaXmlFile: statusOf('SEPA_XML'),
    creditNotesZipFile: statusOf('CREDIT_NOTES_ZIP'),
    studioCostsByMonthCsvFile: statusOf('STUDIO_COSTS_BY_MONTH'),
    datevExtfFile: statusOf('DATEV_EXTF'),
    payoutReturnsCsvFile: statusOf('PAYOUT_RETURNS'),
    any: files.length > 0,
  };
}

/** POST /settlement/sepa-xml/create: the run made its SEPA file; this answers where it is (spec 4: after the stream). */
export async function sepaXmlOf(ctx: RunFilesContext, body: RunFilesRequest): Promise<z.input<typeof ZSepaXmlResponse>> {
  const { settlement, run } = await findRun(ctx, body);
  const statuses = await attachmentStatuses(ctx, settlement, run);
  if (!statuses.any) throw conflict('creditNote.runFilesNotReady');
  const file = statuses.sepaXmlFile.status === 'not_set' && statuses.sepaXmlFile.filePathName ? { ...statuses.sepaXmlFile, status: 'success' as const } : statuses.sepaXmlFile;
  if (file.status === 'error') throw new HttpError(409, 'creditNote.file.sepaError');
  // The file pays each credit note of the run with a positive gross (one payment per trainer).
  const paid = (await ctx.em.find(CreditNote, { settlementRun: run, documentType: 'credit_note' })).filter((note) => note.grossCents > 0);
  const message = translate(ctx.locale, 'creditNote.file.sepaCreated', { count: paid.length, amount: formatEuro(sumCents(paid.map((note) => note.grossCents))) });
  return { status: 'success', message, sepaXmlFile: file };
}

/** POST /settlement/accounting-email/prepare: the accounting e-mail entity of spec 3. */
export async function accountingEmailOf(ctx: RunFilesContext, body: RunFilesRequest): Promise<TAccountingEmail> {
  const { group, locale } = ctx;
  const { settlement, run } = await findRun(ctx, body);
  const statuses = await attachmentStatuses(ctx, settlement, run);
  const month = monthTitle(isoDateOf(settlement.month), locale);
  return {
    settlementUuid: settlement.uuid,
    settlementRunUuid: run.uuid,
    accountingEmailText: {
      subject: translate(locale, 'creditNote.accountingMail.subject', { studioGroup: group.name, month }),
      body: translate(locale, 'creditNote.accountingMail.body', { studioGroup: group.name, month })
        .split(/\n\n+/)
        .map((paragraph) => `<p>${sanitizeHtml(paragraph, { allowedTags: [], allowedAttributes: {} })}</p>`)
        .join(''),
    },
    accountingEmailAddress: group.accountingEmail ?? '',
    accountingFiles: ACCOUNTING_FILE_TYPES.filter((type) => (type === 'PAYOUT_RETURNS' ? statuses.payoutReturnsCsvFile.status === 'success' : group.accountingFiles.includes(type))),
    sepaXmlFile: statuses.sepaXmlFile,
    creditNotesZipFile: statuses.creditNotesZipFile,
    studioCostsByMonthCsvFile: statuses.studioCostsByMonthCsvFile,
    datevExtfFile: statuses.datevExtfFile,
    payoutReturnsCsvFile: statuses.payoutReturnsCsvFile,
  };
}

const ADDRESS = z.email();

/** Splits 'a@x.de; b@y.de' and refuses the first invalid address (400, nothing sent). */
function recipientsOf(value: string): string[] {
  const addresses = value.split(/[,;\s]+/).map((part) => part.trim()).filter(Boolean);
  if (addresses.length === 0) throw badRequest('creditNote.accountingMail.noRecipient', 'accountingEmailAddress');
  const invalid = addresses.find((address) => !ADDRESS.safeParse(address).success);
  if (invalid) throw badRequest('creditNote.accountingMail.invalidAddress', 'accountingEmailAddress', { address: invalid });
  return [...new Set(addresses.map((address) => address.toLowerCase()))];
}

/** The rich-text body: the formatting a mail client shows, nothing that runs or loads. */
const sanitizeBody = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'h1', 'h2', 'h3', 'blockquote', 'span'],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['https', 'http', 'mailto'],
  });

/** POST /settlement/accounting-email/send: the form of 2.9, through the outbox (and SMTP when configured). */
export async function sendAccountingEmail(
  ctx: RunFilesContext & { temporal: Client; userUuid: string },
  body: z.output<typeof ZAccountingEmailSendRequest>,
): Promise<z.input<typeof ZAccountingEmailSendResponse>> {
  const { temporal, locale } = ctx;
  const recipients = recipientsOf(body.accountingEmailAddress);
  const { settlement, run } = await findRun(ctx, body);
  const statuses = await attachmentStatuses(ctx, settlement, run);
  const statusOf: Record<TAccountingFileType, TAttachmentStatus> = {
    SEPA_XML: statuses.sepaXmlFile,
    CREDIT_NOTES_ZIP: statuses.creditNotesZipFile,
    STUDIO_COSTS_BY_MONTH: statuses.studioCostsByMonthCsvFile,
    DATEV_EXTF: statuses.datevExtfFile,
    PAYOUT_RETURNS: statuses.payoutReturnsCsvFile,
  };
  const missing = body.emailAttachements.find((type) => !statusOf[type].filePathName);
  if (missing) throw badRequest(FILE_ERROR[missing], 'emailAttachements');
  const requestUuid = randomUUID();
  const result = await temporal.workflow.execute<TAccountingEmailWorkflow>(ACCOUNTING_EMAIL_WORKFLOW, {
    taskQueue: TASK_QUEUE,
    workflowId: accountingEmailWorkflowId(run.uuid, requestUuid),
    args: [
      {
        runUuid: run.uuid,
        settlementUuid: settlement.uuid,
        recipients,
        subject: body.accountingEmailSubject,
        bodyHtml: sanitizeBody(body.accountingEmailBody),
        attachments: [...new Set(body.emailAttachements)],
        userUuid: ctx.userUuid,
        locale,
        requestUuid,
      },
    ],
  });
  const key = result.delivered > 0 ? 'creditNote.accountingMail.sent' : 'creditNote.accountingMail.recorded';
  return { status: 'success', message: translate(locale, key, { recipients: recipients.join(', ') }), emailUuids: result.emailUuids };
}
