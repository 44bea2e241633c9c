import { Router } from 'express';
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import { authOf } from '../../auth/sessions';
import { studioGroupOf } from '../../auth/tenancy';
import { ZUuid } from '../../../contracts/common.contract';
import {
  ZCancelImportResponse,
  ZEnqueueImportRequest,
  ZEnqueueImportResponse,
  ZImportQueueStatusResponse,
  type TCancelImportResponse,
  type TEnqueueImportResponse,
  type TImportQueueStatusResponse,
} from '../../../contracts/import-queue.contract';
import { localeOf } from '../../http/locale';
import { notFound } from '../../http/errors';
import { validate, validated } from '../../http/validate';
import { cancelImport, enqueueImport, importQueueStatus } from './import-queue.service';
import { requestEntityManager } from '../../http/entity-manager';

type Deps = { temporal: Client };

const ZQueueItemParams = z.object({ g: z.string(), queueUuid: z.string() });

const schemas = {
  enqueue: {
    body: ZEnqueueImportRequest,
    response: ZEnqueueImportResponse,
    summary: "Queues a recalculation (or a location's data import and recalculation) of a settlement; one at a time per studio group.",
  },
  status: { params: ZQueueItemParams, response: ZImportQueueStatusResponse, summary: 'Where a queued import stands: status, position, total, estimated wait in minutes.' },
  cancel: { params: ZQueueItemParams, response: ZCancelImportResponse, summary: 'Cancels a queued or running import.' },
};

/** A queue uuid that is not a uuid names no item: 404, as for an unknown one. */
function queueUuidOf(value: string) {
  if (!ZUuid.safeParse(value).success) throw notFound('importQueue.notFound');
  return value;
}

/** Mounted under /api/v1/:g (staff of the group) — spec 7 "Preview check": the data import queue. */
export function createImportQueueRouter({ temporal }: Deps) {
  const router = Router({ mergeParams: true });

  router.post('/import/queue', validate(schemas.enqueue), async (req, res) => {
    const { body } = validated(req, schemas.enqueue);
    const answer: TEnqueueImportResponse = await enqueueImport({ temporal, em: requestEntityManager(), studioGroup: studioGroupOf(req), request: body, userUuid: authOf(req).userUuid, locale: localeOf(req) });
    res.json(answer);
  });

  router.get('/import/queue/status/uuid/:queueUuid', validate(schemas.status), async (req, res) => {
    const { params } = validated(req, schemas.status);
    const answer: TImportQueueStatusResponse = await importQueueStatus({ temporal, em: requestEntityManager(), studioGroup: studioGroupOf(req), queueUuid: queueUuidOf(params.queueUuid), locale: localeOf(req) });
    res.json(answer);
  });

  router.delete('/import/queue/cancel/uuid/:queueUuid', validate(schemas.cancel), async (req, res) => {
    const { params } = validated(req, schemas.cancel);
    const answer: TCancelImportResponse = await cancelImport({ temporal, em: requestEntityManager(), studioGroup: studioGroupOf(req), queueUuid: queueUuidOf(params.queueUuid) });
    res.json(answer);
  });

  return router;
}
