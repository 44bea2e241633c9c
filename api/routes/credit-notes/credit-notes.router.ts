import { Router } from 'express';
import { z } from 'zod';
import { ZAdminCreditNotesQuery, ZCreditNoteObjectionRequest, type TCreditNoteObjectionAnswer, type TSelfBillingConsentAnswer } from '../../contracts/credit-note-list.contract';
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
export function createCreditNotesRouter() {
  const router = Router({ mergeParams: true });
  const listSchemas = { query: ZAdminCreditNotesQuery };
  router.get('/credit-notes', validate(listSchemas), async (req, res) => {
    const { query } = validated(req, listSchemas);
    res.json(await listAdminCreditNotes(requestEntityManager(), studioGroupOf(req), query));
  });

  // Confirming a trainer's objection issues the cancelling document. That engine (activities'
  // cancelCreditNote, numbered like every credit note) is not there yet: answer 501, write nothing.
  const cancelSchemas = { params: z.object({ uuid: ZUuid }) };
  router.post('/credit-notes/:uuid/cancel', validate(cancelSchemas), (req, res) => {
    // Answered here rather than thrown: a planned 501 is not a server error worth a stack trace in the log.
    res.status(501).json({ status: 'error', message: t(req, 'creditNoteList.cancelNotYet') });
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
