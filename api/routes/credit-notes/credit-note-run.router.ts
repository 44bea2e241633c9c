import { randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import type { Client } from '@temporalio/client';
import { SettlementRun, type Settlement } from '../../../db/entities';
import type { EventFeed } from '../../../db/events';
import { billingEligibility, billingRefusalKey, billingRefusalParams, TRAINER_BILLING_REFUSALS } from '../../../domain/credit-notes';
import { trainerDisplayName } from '../../../domain/trainer-data';
import { billingFactsOf, readBillingFacts } from '../../../db/queries/billing-facts';
import { sendCreditNotesUpdate } from '../../../workflows/settlement.messages';
import { authOf } from '../../auth/sessions';
import { studioGroupOf } from '../../auth/tenancy';
import { ZAccountingEmail, ZAccountingEmailSendRequest, ZAccountingEmailSendResponse, ZRunFilesRequest, ZSendCreditNotesRequest, ZSepaXmlResponse } from '../../../contracts/credit-note-run.contract';
import { ZSendStreamMessage, type TSendStreamMessage } from '../../../contracts/review.contract';
import { followSending } from '../../http/follow-sending';
import { ndjsonStream } from '../../http/ndjson';
import { HttpError, conflict } from '../../http/errors';
import { localeOf, t } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import { assertSmallBusinessConfirmed } from '../accounting-handoff/small-business.service';
import { trainerNamesOf } from '../../../db/queries/trainer-names';
import { assertInProgress, assertMonthMatches, parseMonth } from '../../http/settlement-checks';
import { assertSameStudioGroup, findSettlement } from '../../auth/tenancy';
import { queryState, runUpdate, settlementHandle } from '../../temporal';
import { requestEntityManager } from '../../http/entity-manager';
import { accountingEmailOf, sendAccountingEmail, sepaXmlOf, type RunFilesContext } from './credit-note-run.service';

// Step 5 of the month close (spec admin 2.8–2.10, 3, 4, 7): "send credit notes" as a credit-note
// run of the settlement's workflow, streamed like the preview sending; the run's SEPA file and the
// accounting e-mail (credit-note-run.service.ts).

type Deps = { temporal: Client; feed: EventFeed };

const em = requestEntityManager;

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
 * Refuses (422, nothing started) a selection with a trainer the billing-eligibility rule refuses for
 * their own facts with this studio group (data, payroll, unapproved IBAN, no consent): the run would
 * refuse them one by one, with the same message; the admin should know first. Whether they are
 * prepared, issued or approved in this settlement is the workflow's check.
 */
async function assertBillable(req: Request, settlement: Settlement, trainerUuids: string[]) {
  const rows = await readBillingFacts(em(), { studioGroupId: settlement.studioGroup.id, settlementId: settlement.id, trainerUuids });
  const byUuid = new Map(rows.map((row) => [row.trainer_uuid, row]));
  for (const uuid of trainerUuids) {
    const row = byUuid.get(uuid);
    const snapshot = row?.trainer_snapshot;
    if (!row?.prepared || !snapshot) continue; // not in the settlement: the workflow refuses it with its reason
    const eligibility = billingEligibility(billingFactsOf(row, { inSettlement: false }));
    const reason = eligibility.reasons.find((candidate) => TRAINER_BILLING_REFUSALS.includes(candidate));
    if (!reason) continue;
    const locale = localeOf(req);
    throw new HttpError(422, billingRefusalKey(reason), 'trainersSelected', { trainer: trainerDisplayName(snapshot), ...billingRefusalParams(locale, reason, eligibility) });
  }
}

const runFilesContext = (req: Request): RunFilesContext => ({ em: requestEntityManager(), group: studioGroupOf(req), locale: localeOf(req) });

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
    // §19 UStG: passing the current year's small-business limit without VAT needs the admin's confirmation.
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
    res.json(await sepaXmlOf(runFilesContext(req), validated(req, schemas.sepa).body));
  });

  /** POST /settlement/accounting-email/prepare: the accounting e-mail entity of spec 3. */
  router.post('/settlement/accounting-email/prepare', validate(schemas.prepare), async (req, res) => {
    res.json(await accountingEmailOf(runFilesContext(req), validated(req, schemas.prepare).body));
  });

  /** POST /settlement/accounting-email/send: the form of 2.9, through the outbox (and SMTP when configured). */
  router.post('/settlement/accounting-email/send', validate(schemas.mail), async (req, res) => {
    res.json(await sendAccountingEmail({ ...runFilesContext(req), temporal, userUuid: authOf(req).userUuid }, validated(req, schemas.mail).body));
  });

  return router;
}
