import { Router } from 'express';
import type { Client } from '@temporalio/client';
import { CreditNote } from '../../../db/entities';
import { CREDIT_NOTE_CORRECTION_WORKFLOW, type TCreditNoteCorrectionWorkflow } from '../../../workflows/credit-note-correction.messages';
import { creditNoteCorrectionWorkflowId, TASK_QUEUE } from '../../../workflows/ids';
import { badRequest, conflict, notFound } from '../../http/errors';
import { z } from 'zod';
import {
  ZAdminCreditNotesQuery,
  ZAdminCreditNotesResponse,
  ZCreditNoteObjectionAnswer,
  ZCreditNoteObjectionRequest,
  ZSelfBillingConsent,
  ZSelfBillingConsentAnswer,
  ZSettlementRunsResponse,
  ZTrainerIssuedCreditNotesResponse,
  type TCreditNoteObjectionAnswer, type TSelfBillingConsentAnswer } from '../../../contracts/credit-note-list.contract';
import { authOf } from '../../auth/sessions';
import { studioGroupOf } from '../../auth/tenancy';
import { requireOwnUser, requireTrainer } from '../../auth/trainer-guards';
import { signedUrl, type DownloadDeps } from '../../downloads/downloads.router';
import { localeOf, t } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import { requestEntityManager } from '../../http/entity-manager';
import {
  giveSelfBillingConsent,
  listAdminCreditNotes,
  listTrainerCreditNotes,
  objectToCreditNote,
  readSelfBillingConsent,
  settlementRunFiles,
} from './credit-notes.service';

const ZUuid = z.uuid({ error: 'validation.uuid' });
const ZStatusAnswer = z.object({ status: z.literal('success'), message: z.string() });

/** Under /api/v1/{g} (staff of the group): the credit-note list (2.22), its cancel command, the runs' files (2.12). */
export function createCreditNotesRouter({ temporal }: { temporal: Client }) {
  const router = Router({ mergeParams: true });
  const listSchemas = { query: ZAdminCreditNotesQuery, response: ZAdminCreditNotesResponse, summary: 'Issued credit notes and cancellations (amounts in *Cents), newest month first, plus the open objections.' };
  router.get('/credit-notes', validate(listSchemas), async (req, res) => {
    const { query } = validated(req, listSchemas);
    res.json(await listAdminCreditNotes(requestEntityManager(), studioGroupOf(req), query));
  });

  // Confirming a trainer's objection (or cancelling on the admin's own account): the correction
  // workflow writes the cancelling document and issues a new credit note in a run of its own.
  const cancelSchemas = {
    params: z.object({ uuid: ZUuid }),
    response: ZStatusAnswer,
    responses: { 202: ZStatusAnswer },
    summary: 'Cancels an issued credit note: a cancelling document and a new credit note, in a correction run of their own (202: started).',
  };
  router.post('/credit-notes/:uuid/cancel', validate(cancelSchemas), async (req, res) => {
    const { params } = validated(req, cancelSchemas);
    const em = requestEntityManager();
    const note = await em.findOne(CreditNote, { uuid: params.uuid, studioGroup: studioGroupOf(req) });
    if (!note) throw notFound('creditNote.correction.notIssued');
    if (note.documentType !== 'credit_note') throw badRequest('creditNote.correction.notIssued', 'uuid');
    if (await em.count(CreditNote, { cancels: note })) throw conflict('creditNote.correction.alreadyCancelled');
    await temporal.workflow.start<TCreditNoteCorrectionWorkflow>(CREDIT_NOTE_CORRECTION_WORKFLOW, {
      taskQueue: TASK_QUEUE,
      workflowId: creditNoteCorrectionWorkflowId(note.uuid),
      args: [{ creditNoteUuid: note.uuid, userUuid: authOf(req).userUuid, locale: localeOf(req) }],
      // A second confirmation while the first runs reaches the same correction.
      workflowIdConflictPolicy: 'USE_EXISTING',
    });
    res.status(202).json({ status: 'success', message: t(req, 'creditNote.correction.started', { number: note.number }) });
  });

  const runsSchemas = {
    params: z.object({ settlementUuid: ZUuid }),
    response: ZSettlementRunsResponse,
    summary: 'The accounting-files tab: the settlement\'s credit-note runs with their trainers (sum_gross in euros, each credit note\'s payout status) and files.',
  };
  router.get('/settlement/:settlementUuid/runs', validate(runsSchemas), async (req, res) => {
    const { params } = validated(req, runsSchemas);
    res.json(await settlementRunFiles(requestEntityManager(), studioGroupOf(req), params.settlementUuid, localeOf(req)));
  });
  return router;
}

/** Under /api/v2 (trainers, own account only): issued credit notes, self-billing consent, objection. */
export function createTrainerCreditNotesRouter(deps: Pick<DownloadDeps, 'secret'>) {
  const router = Router();
  const base = '/:g/trainer-account/:user';
  const groupParams = z.object({ g: ZUuid, user: ZUuid });
  const listSchemas = { params: groupParams, response: ZTrainerIssuedCreditNotesResponse, summary: 'The trainer\'s issued credit notes by month, with signed download links.' };
  const consentSchemas = { params: groupParams, response: ZSelfBillingConsent, summary: 'The trainer\'s self-billing consent for the studio group (§14 (2) UStG).' };
  const giveConsentSchemas = { params: groupParams, response: ZSelfBillingConsentAnswer, summary: 'Records the trainer\'s self-billing consent for the studio group.' };
  const sign = (caller: { userUuid: string; sessionId: number }) => (path: string) => signedUrl(deps, caller, path);

  router.get(`${base}/credit-notes`, requireTrainer, requireOwnUser, validate(listSchemas), async (req, res) => {
    const { params } = validated(req, listSchemas);
    const auth = authOf(req);
    res.json(await listTrainerCreditNotes(requestEntityManager(), auth.userId, params.g, localeOf(req), sign(auth)));
  });

  router.get(`${base}/self-billing-consent`, requireTrainer, requireOwnUser, validate(consentSchemas), async (req, res) => {
    const { params } = validated(req, consentSchemas);
    res.json(await readSelfBillingConsent(requestEntityManager(), authOf(req).userId, params.g));
  });
  router.post(`${base}/self-billing-consent`, requireTrainer, requireOwnUser, validate(giveConsentSchemas), async (req, res) => {
    const { params } = validated(req, giveConsentSchemas);
    const answer: TSelfBillingConsentAnswer = {
      status: 'success',
      message: t(req, 'creditNoteList.consentRecorded'),
      consent: await giveSelfBillingConsent(requestEntityManager(), authOf(req).userId, params.g),
    };
    res.json(answer);
  });

  const objectionSchemas = {
    params: z.object({ g: ZUuid, user: ZUuid, creditNoteUuid: ZUuid }),
    body: ZCreditNoteObjectionRequest,
    response: ZCreditNoteObjectionAnswer,
    summary: 'The trainer objects to an issued credit note (the staff then cancel and re-issue it).',
  };
  router.post(`${base}/credit-notes/:creditNoteUuid/objection`, requireTrainer, requireOwnUser, validate(objectionSchemas), async (req, res) => {
    const { params, body } = validated(req, objectionSchemas);
    const auth = authOf(req);
    const creditNote = await objectToCreditNote(requestEntityManager(), {
      userId: auth.userId,
      studioGroupUuid: params.g,
      creditNoteUuid: params.creditNoteUuid,
      reason: body.reason,
      locale: localeOf(req),
      sign: sign(auth),
    });
    const answer: TCreditNoteObjectionAnswer = { status: 'success', message: t(req, 'creditNoteList.objectionRecorded', { number: creditNote.invoiceNumber }), creditNote };
    res.json(answer);
  });
  return router;
}
