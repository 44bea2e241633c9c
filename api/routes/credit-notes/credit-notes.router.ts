import { Router } from 'express';
import type { Client } from '@temporalio/client';
import { CreditNote } from '../../../db/entities';
import { creditNoteCorrectionWorkflow, creditNoteCorrectionWorkflowId } from '../../../workflows/credit-note-correction.workflow';
import { TASK_QUEUE } from '../../../workflows/ids';
import { badRequest, conflict, notFound } from '../../errors';
import { z } from 'zod';
import { ZAdminCreditNotesQuery, ZCreditNoteObjectionRequest, type TCreditNoteObjectionAnswer, type TSelfBillingConsentAnswer } from '../../../contracts/credit-note-list.contract';
import { authOf } from '../../auth/sessions';
import { studioGroupOf } from '../../auth/tenancy';
import { requireOwnUser, requireTrainer } from '../../auth/trainer-guards';
import { signedUrl, type DownloadDeps } from '../../downloads/downloads.router';
import { localeOf, t } from '../../locale';
import { validate, validated } from '../../validate';
import { requestEntityManager } from '../master-data/entity-manager';
import {
  giveSelfBillingConsent,
  listAdminCreditNotes,
  listTrainerCreditNotes,
  objectToCreditNote,
  readSelfBillingConsent,
  settlementRunFiles,
} from './credit-notes.service';

const ZUuid = z.uuid({ error: 'validation.uuid' });

/** Under /api/v1/{g} (staff of the group): the credit-note list (2.22), its cancel command, the runs' files (2.12). */
export function createCreditNotesRouter({ temporal }: { temporal: Client }) {
  const router = Router({ mergeParams: true });
  const listSchemas = { query: ZAdminCreditNotesQuery };
  router.get('/credit-notes', validate(listSchemas), async (req, res) => {
    const { query } = validated(req, listSchemas);
    res.json(await listAdminCreditNotes(requestEntityManager(), studioGroupOf(req), query));
  });

  // Confirming a trainer's objection (or cancelling on the admin's own account): the correction
  // workflow writes the cancelling document and issues a new credit note in a run of its own.
  const cancelSchemas = { params: z.object({ uuid: ZUuid }) };
  router.post('/credit-notes/:uuid/cancel', validate(cancelSchemas), async (req, res) => {
    const { params } = validated(req, cancelSchemas);
    const em = requestEntityManager();
    const note = await em.findOne(CreditNote, { uuid: params.uuid, studioGroup: studioGroupOf(req) });
    if (!note) throw notFound('creditNote.correction.notIssued');
    if (note.documentType !== 'credit_note') throw badRequest('creditNote.correction.notIssued', 'uuid');
    if (await em.count(CreditNote, { cancels: note })) throw conflict('creditNote.correction.alreadyCancelled');
    await temporal.workflow.start(creditNoteCorrectionWorkflow, {
      taskQueue: TASK_QUEUE,
      workflowId: creditNoteCorrectionWorkflowId(note.uuid),
      args: [{ creditNoteUuid: note.uuid, userUuid: authOf(req).userUuid, locale: localeOf(req) }],
      // A second confirmation while the first runs reaches the same correction.
      workflowIdConflictPolicy: 'USE_EXISTING',
    });
    res.status(202).json({ status: 'success', message: t(req, 'creditNote.correction.started', { number: note.number }) });
  });

  const runsSchemas = { params: z.object({ settlementUuid: ZUuid }) };
  router.get('/settlement/:settlementUuid/runs', validate(runsSchemas), async (req, res) => {
    const { params } = validated(req, runsSchemas);
    res.json(await settlementRunFiles(requestEntityManager(), studioGroupOf(req), params.settlementUuid));
  });
  return router;
}

/** Under /api/v2 (trainers, own account only): issued credit notes, self-billing consent, objection. */
export function createTrainerCreditNotesRouter(deps: Pick<DownloadDeps, 'secret'>) {
  const router = Router();
  const base = '/:g/trainer-account/:user';
  const groupSchemas = { params: z.object({ g: ZUuid, user: ZUuid }) };
  const sign = (userUuid: string) => (path: string) => signedUrl(deps, userUuid, path);

  router.get(`${base}/credit-notes`, requireTrainer, requireOwnUser, validate(groupSchemas), async (req, res) => {
    const { params } = validated(req, groupSchemas);
    const auth = authOf(req);
    res.json(await listTrainerCreditNotes(requestEntityManager(), auth.userId, params.g, localeOf(req), sign(auth.userUuid)));
  });

  router.get(`${base}/self-billing-consent`, requireTrainer, requireOwnUser, validate(groupSchemas), async (req, res) => {
    const { params } = validated(req, groupSchemas);
    res.json(await readSelfBillingConsent(requestEntityManager(), authOf(req).userId, params.g));
  });
  router.post(`${base}/self-billing-consent`, requireTrainer, requireOwnUser, validate(groupSchemas), async (req, res) => {
    const { params } = validated(req, groupSchemas);
    const answer: TSelfBillingConsentAnswer = {
      status: 'success',
      message: t(req, 'creditNoteList.consentRecorded'),
      consent: await giveSelfBillingConsent(requestEntityManager(), authOf(req).userId, params.g),
    };
    res.json(answer);
  });

  const objectionSchemas = { params: z.object({ g: ZUuid, user: ZUuid, creditNoteUuid: ZUuid }), body: ZCreditNoteObjectionRequest };
  router.post(`${base}/credit-notes/:creditNoteUuid/objection`, requireTrainer, requireOwnUser, validate(objectionSchemas), async (req, res) => {
    const { params, body } = validated(req, objectionSchemas);
    const auth = authOf(req);
    const creditNote = await objectToCreditNote(requestEntityManager(), {
      userId: auth.userId,
      studioGroupUuid: params.g,
      creditNoteUuid: params.creditNoteUuid,
      reason: body.reason,
      locale: localeOf(req),
      sign: sign(auth.userUuid),
    });
    const answer: TCreditNoteObjectionAnswer = { status: 'success', message: t(req, 'creditNoteList.objectionRecorded', { number: creditNote.invoiceNumber }), creditNote };
    res.json(answer);
  });
  return router;
}
