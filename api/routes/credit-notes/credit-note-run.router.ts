import { randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { RequestContext, type EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { AccountingFile, CreditNote, SettlementRun, type Settlement, type StudioGroup } from '../../../db/entities';
import { formatEuro, sumCents } from '../../../domain/money';
import type { EventFeed } from '../../../db/events';
import { translate } from '../../../domain/messages';
import { isoDateOf, monthTitle } from '../../../domain/settlement/month';
import { checkTrainerData, trainerDisplayName, type TrainerSnapshot } from '../../../domain/trainer-data';
import { ACCOUNTING_EMAIL_WORKFLOW, type TAccountingEmailWorkflow } from '../../../workflows/accounting-email.messages';
import { accountingEmailWorkflowId, TASK_QUEUE } from '../../../workflows/ids';
import { sendCreditNotesUpdate } from '../../../workflows/settlement.messages';
import { authOf } from '../../auth/sessions';
import { studioGroupOf } from '../../auth/tenancy';
import {
  ACCOUNTING_FILE_TYPES,
  ZAccountingEmail,
  ZAccountingEmailSendRequest,
  ZAccountingEmailSendResponse,
  ZRunFilesRequest,
  ZSendCreditNotesRequest,
  ZSepaXmlResponse,
  type TAccountingEmail,
  type TAccountingFileType,
  type TAttachmentStatus,
} from '../../../contracts/credit-note-run.contract';
import { ZSendStreamMessage, type TSendStreamMessage } from '../../../contracts/review.contract';
import { followSending } from '../../http/follow-sending';
import { ndjsonStream } from '../../http/ndjson';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import { localeOf, t } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import { assertSmallBusinessConfirmed } from '../accounting-handoff/small-business.service';
import { trainerNamesOf } from '../../../db/queries/trainer-names';
import { assertInProgress, assertMonthMatches, parseMonth } from '../../http/settlement-checks';
import { assertSameStudioGroup, findSettlement } from '../../auth/tenancy';
import { queryState, runUpdate, settlementHandle } from '../../temporal';

// Step 5 of the month close (spec admin 2.8–2.10, 3, 4, 7): "send credit notes" as a credit-note
// run of the settlement's workflow, streamed like the preview sending; the run's SEPA file and the
// accounting e-mail (its own small workflow, so the SMTP hand-off is retried by Temporal).

type Deps = { temporal: Client; feed: EventFeed };

const em = () => RequestContext.getEntityManager()! as EntityManager;

const FILE_SLUG: Record<TAccountingFileType, string> = { SEPA_XML: 'sepa-xml', CREDIT_NOTES_ZIP: 'credit-notes-zip', STUDIO_COSTS_BY_MONTH: 'studio-costs-csv', DATEV_EXTF: 'datev-extf' };
const FILE_ERROR: Record<TAccountingFileType, string> = {
  SEPA_XML: 'creditNote.file.sepaError',
  CREDIT_NOTES_ZIP: 'creditNote.file.zipError',
  STUDIO_COSTS_BY_MONTH: 'creditNote.file.csvError',
  DATEV_EXTF: 'datev.file.error',
};

const schemas = {
  send: {
    body: ZSendCreditNotesRequest,
    produces: 'application/x-ndjson',
    response: ZSendStreamMessage,
    summary: 'Sends credit notes to the selected trainers as a credit-note run: a stream of JSON lines (config with item_count, success / error per trainer, finished_studiogroup).',
  },
  sepa: { body: ZRunFilesRequest, response: ZSepaXmlResponse, summary: 'The run\'s SEPA XML (pain.001.001.09): its status and where to download it.' },
  prepare: { body: ZRunFilesRequest, response: ZAccountingEmail, summary: 'The accounting e-mail entity of the run: text, recipient and the status of each attachment.' },
  mail: { body: ZAccountingEmailSendRequest, response: ZAccountingEmailSendResponse, summary: 'Sends the accounting e-mail with the chosen attachments.' },
} as const;

/**
 * Refuses (422, nothing started) a selection with a trainer whose data is incomplete or who has
 * not consented to self-billing: the run would refuse them one by one; the admin should know first.
 */
async function assertBillable(req: Request, settlement: Settlement, trainerUuids: string[]) {
  const rows = await em().getConnection().execute<Array<{ uuid: string; snapshot: TrainerSnapshot | null; consent: Date | null; is_employee: boolean; iban_change_pending: boolean }>>(
    `select t.uuid, st.trainer_snapshot as snapshot, coalesce(sgt.self_billing_consent_at, t.self_billing_agreement_at) as consent,
            t.is_employee, t.iban_changed_at is not null as iban_change_pending
       from settlement_trainer st join trainer t on t.id = st.trainer_id
       left join studio_group_trainer sgt on sgt.trainer_id = t.id
      where st.settlement_id = ? and t.uuid in (select value::uuid from jsonb_array_elements_text(?::jsonb))`,
    [settlement.id, JSON.stringify(trainerUuids)],
  );
  const byUuid = new Map(rows.map((row) => [row.uuid, row]));
  for (const uuid of trainerUuids) {
    const row = byUuid.get(uuid);
    if (!row?.snapshot) continue; // not in the settlement: the workflow refuses it with its reason
    const name = trainerDisplayName(row.snapshot);
    const check = checkTrainerData(row.snapshot);
    if (!check.complete) {
      const missing = check.missing.map((item) => translate(localeOf(req), `settlement.item.${item}`)).join(', ');
      throw new HttpError(422, 'creditNote.trainerIncomplete', 'trainersSelected', { trainer: name, missing });
    }
    if (!row.consent) throw new HttpError(422, 'creditNote.trainerNoConsent', 'trainersSelected', { trainer: name });
    if (row.is_employee) throw new HttpError(422, 'creditNote.trainerEmployee', 'trainersSelected', { trainer: name });
    if (row.iban_change_pending) throw new HttpError(422, 'creditNote.trainerIbanNotApproved', 'trainersSelected', { trainer: name });
  }
}

/** The run of this settlement and group, or 404; the spec's apiSlug and settlementMonth, when sent, must be the settlement's. */
async function findRun(req: Request, group: StudioGroup, body: { settlementUuid: string; settlementRunUuid: string; apiSlug?: string; settlementMonth?: string }) {
  assertSameStudioGroup(group, { apiSlug: body.apiSlug });
  const settlement = await findSettlement(em(), group, body.settlementUuid);
  if (body.settlementMonth !== undefined) assertMonthMatches(settlement, parseMonth(body.settlementMonth, 'settlementMonth'), localeOf(req));
  const runUuid = body.settlementRunUuid;
  const run = await em().findOne(SettlementRun, { uuid: runUuid, settlement });
  if (!run) throw notFound('creditNote.run.notFound');
  return { settlement, run };
}

async function attachmentStatuses(req: Request, group: StudioGroup, settlement: Settlement, run: SettlementRun) {
  const files = await em().find(AccountingFile, { settlementRun: run });
  const byType = new Map(files.map((file) => [file.type as TAccountingFileType, file]));
  const statusOf = (type: TAccountingFileType): TAttachmentStatus => {
    const file = byType.get(type);
    const path = `/api/v1/${group.uuid}/settlement/${settlement.uuid}/run/${run.uuid}/${FILE_SLUG[type]}`;
    if (!group.accountingFiles.includes(type)) return { status: 'not_set', filePathName: file?.filePath ? path : null };
    // DATEV without the group's DATEV settings: not written, 'not_set' with the reason (issue 13).
    if (type === 'DATEV_EXTF' && file?.status === 'not_set' && !file.filePath) return { status: 'not_set', filePathName: null, message: t(req, 'datev.file.notSet') };
    if (!file || file.status === 'error' || !file.filePath) return { status: 'error', filePathName: null, message: t(req, FILE_ERROR[type]) };
    return { status: 'success', filePathName: path };
  };
  return {
    sepaXmlFile: statusOf('SEPA_XML'),
    creditNotesZipFile: statusOf('CREDIT_NOTES_ZIP'),
    studioCostsByMonthCsvFile: statusOf('STUDIO_COSTS_BY_MONTH'),
    datevExtfFile: statusOf('DATEV_EXTF'),
    any: files.length > 0,
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

/** Mounted under /api/v1/:g. */
export function createCreditNoteRunRouter({ temporal, feed }: Deps) {
  const router = Router({ mergeParams: true });

  /** POST /settlement/trainer-credit-note/send: the NDJSON stream of a credit-note run. */
  router.post('/settlement/trainer-credit-note/send', validate(schemas.send), async (req: Request, res: Response) => {
    const { body } = validated(req, schemas.send);
    assertSameStudioGroup(studioGroupOf(req), { apiSlug: body.apiSlug });
    const settlement = await findSettlement(em(), studioGroupOf(req), body.settlementUuid);
    assertInProgress(settlement);
    if (body.settlementMonth) assertMonthMatches(settlement, parseMonth(body.settlementMonth, 'settlementMonth'), localeOf(req));
    if (body.userUuid && body.userUuid !== authOf(req).userUuid) throw new HttpError(403, 'auth.notYourAccount');
    await assertBillable(req, settlement, body.trainersSelected);
    const runUuid = body.settlementRunUuid ?? randomUUID();
    if (await em().count(SettlementRun, { uuid: runUuid })) throw conflict('creditNote.runAlreadySent');
    // §19 UStG: passing the current year's small-business limit without VAT needs the admin's confirmation (issue 13).
    await assertSmallBusinessConfirmed(em(), settlement, { trainerUuids: body.trainersSelected, confirmed: body.confirmSmallBusinessLimit === true, runUuid, locale: localeOf(req) });

    let failed = false;
    const sending = followSending(feed, settlement.uuid, runUuid, async () => {
      const run = (await queryState(temporal, settlement.uuid))?.creditNoteRun;
      failed = run?.runUuid === runUuid && run.phase === 'failed';
      return run?.runUuid === runUuid && run.phase !== 'running';
    });
    req.on('close', sending.close);
    try {
      await runUpdate(
        temporal,
        () => settlementHandle(temporal, settlement.uuid).executeUpdate(sendCreditNotesUpdate, { args: [{ runUuid, trainerUuids: body.trainersSelected, userUuid: authOf(req).userUuid, locale: localeOf(req) }] }),
        await trainerNamesOf(em(), studioGroupOf(req), body.trainersSelected),
      );
    } catch (error) {
      sending.close();
      throw error;
    }

    const stream = ndjsonStream<TSendStreamMessage>(res);
    stream.open({ 'X-Settlement-Run-Uuid': runUuid });
    for await (const message of sending.messages) stream.write(message);
    // The run failed for good (its last message never came): say so before the stream ends.
    if (failed) stream.write({ status: 'error', message: t(req, 'settlement.preparationFailed', { reason: '' }) });
    sending.close();
    stream.end();
  });

  /** POST /settlement/sepa-xml/create: the run made its SEPA file; this answers where it is (spec 4: after the stream). */
  router.post('/settlement/sepa-xml/create', validate(schemas.sepa), async (req, res) => {
    const { body } = validated(req, schemas.sepa);
    const group = studioGroupOf(req);
    const { settlement, run } = await findRun(req, group, body);
    const statuses = await attachmentStatuses(req, group, settlement, run);
    if (!statuses.any) throw conflict('creditNote.runFilesNotReady');
    const file = statuses.sepaXmlFile.status === 'not_set' && statuses.sepaXmlFile.filePathName ? { ...statuses.sepaXmlFile, status: 'success' as const } : statuses.sepaXmlFile;
    if (file.status === 'error') throw new HttpError(409, 'creditNote.file.sepaError');
    // The file pays each credit note of the run with a positive gross (one payment per trainer).
    const paid = (await em().find(CreditNote, { settlementRun: run, documentType: 'credit_note' })).filter((note) => note.grossCents > 0);
    const message = t(req, 'creditNote.file.sepaCreated', { count: paid.length, amount: formatEuro(sumCents(paid.map((note) => note.grossCents))) });
    res.json({ status: 'success', message, sepaXmlFile: file });
  });

  /** POST /settlement/accounting-email/prepare: the accounting e-mail entity of spec 3. */
  router.post('/settlement/accounting-email/prepare', validate(schemas.prepare), async (req, res) => {
    const { body } = validated(req, schemas.prepare);
    const group = studioGroupOf(req);
    const { settlement, run } = await findRun(req, group, body);
    const statuses = await attachmentStatuses(req, group, settlement, run);
    const month = monthTitle(isoDateOf(settlement.month), localeOf(req));
    const answer: TAccountingEmail = {
      settlementUuid: settlement.uuid,
      settlementRunUuid: run.uuid,
      accountingEmailText: {
        subject: t(req, 'creditNote.accountingMail.subject', { studioGroup: group.name, month }),
        body: t(req, 'creditNote.accountingMail.body', { studioGroup: group.name, month })
          .split(/\n\n+/)
          .map((paragraph) => `<p>${sanitizeHtml(paragraph, { allowedTags: [], allowedAttributes: {} })}</p>`)
          .join(''),
      },
      accountingEmailAddress: group.accountingEmail ?? '',
      accountingFiles: ACCOUNTING_FILE_TYPES.filter((type) => group.accountingFiles.includes(type)),
      sepaXmlFile: statuses.sepaXmlFile,
      creditNotesZipFile: statuses.creditNotesZipFile,
      studioCostsByMonthCsvFile: statuses.studioCostsByMonthCsvFile,
      datevExtfFile: statuses.datevExtfFile,
    };
    res.json(answer);
  });

  /** POST /settlement/accounting-email/send: the form of 2.9, through the outbox (and SMTP when configured). */
  router.post('/settlement/accounting-email/send', validate(schemas.mail), async (req, res) => {
    const { body } = validated(req, schemas.mail);
    const group = studioGroupOf(req);
    const recipients = recipientsOf(body.accountingEmailAddress);
    const { settlement, run } = await findRun(req, group, body);
    const statuses = await attachmentStatuses(req, group, settlement, run);
    const statusOf: Record<TAccountingFileType, TAttachmentStatus> = {
      SEPA_XML: statuses.sepaXmlFile,
      CREDIT_NOTES_ZIP: statuses.creditNotesZipFile,
      STUDIO_COSTS_BY_MONTH: statuses.studioCostsByMonthCsvFile,
      DATEV_EXTF: statuses.datevExtfFile,
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
          userUuid: authOf(req).userUuid,
          locale: localeOf(req),
          requestUuid,
        },
      ],
    });
    const key = result.delivered > 0 ? 'creditNote.accountingMail.sent' : 'creditNote.accountingMail.recorded';
    res.json({ status: 'success', message: t(req, key, { recipients: recipients.join(', ') }), emailUuids: result.emailUuids });
  });

  return router;
}
