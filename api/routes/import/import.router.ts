import { Router } from 'express';
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import type { EventFeed } from '../../../db/events';
import { ZImportLogList, ZImportStreamMessage, ZOnDemandImportRequest, type TImportStreamMessage } from '../../../contracts/import.contract';
import { authOf } from '../../auth/sessions';
import { findVisibleStudioGroupById, requireStaffOfStudioGroup, studioGroupOf, studioGroupsOf } from '../../auth/tenancy';
import { HttpError } from '../../http/errors';
import { ndjsonStream } from '../../http/ndjson';
import { validate, validated } from '../../http/validate';
import { localeOf, t } from '../../http/locale';
import { checkImportRange, checkSourceSystem, followImport, listImportLog, startClassImport, type ImportMode } from './import.service';
import { requestEntityManager } from '../../http/entity-manager';

type Deps = { temporal: Client; feed: EventFeed };

// After the workflow completed, its last NOTIFY may still be on its way to this process.
const LAST_MESSAGE_GRACE_MS = 3_000;

const onDemandSchemas = {
  params: z.object({ g: z.string(), sourceSystem: z.string().min(1) }),
  body: ZOnDemandImportRequest,
  produces: 'application/x-ndjson',
  response: ZImportStreamMessage,
  summary: "Imports the group's classes of a date range from its source system, streaming one JSON message a line (config, info, success, error, finished_club, finished_studiogroup).",
} as const;
const updateSchemas = {
  ...onDemandSchemas,
  summary: 'Imports the date range again, updating classes already imported; streamed like the import.',
} as const;

/** Mounted under /api/v1/:g — spec 7 "Reports and imports": the streamed on-demand import. */
export function createImportRouter({ temporal, feed }: Deps) {
  const router = Router({ mergeParams: true });

  const onDemand = (mode: ImportMode) => async (req: import('express').Request, res: import('express').Response) => {
    const { params, body } = validated(req, onDemandSchemas);
    const studioGroup = studioGroupOf(req);
    checkSourceSystem(studioGroup, params.sourceSystem);
    checkImportRange(body.dateStart, body.dateEnd);

    const stream = ndjsonStream<TImportStreamMessage>(res);
    const importUuid = crypto.randomUUID();
    const follow = followImport(feed, importUuid, stream);
    req.on('close', follow.unsubscribe);

    let handle;
    try {
      ({ handle } = await startClassImport({
        temporal, studioGroup, sourceSystem: params.sourceSystem, mode, importUuid,
        dateStart: body.dateStart, dateEnd: body.dateEnd, userUuid: authOf(req).userUuid, locale: localeOf(req),
      }));
    } catch (error) {
      follow.unsubscribe();
      throw error;
    }

    stream.open({ 'X-Import-Uuid': importUuid });

    const outcome = await Promise.race([
      follow.finished.then(() => 'finished' as const),
      handle.result().then(() => 'completed' as const, (error: unknown) => error),
    ]);
    if (outcome === 'completed') {
      await Promise.race([follow.finished, new Promise((resolve) => setTimeout(resolve, LAST_MESSAGE_GRACE_MS))]);
    } else if (outcome !== 'finished') {
      stream.write({ status: 'error', message: t(req, 'import.stoppedWithError'), import_uuid: importUuid });
    }
    follow.unsubscribe();
    stream.end();
  };

  router.post('/:sourceSystem/import/classes/ondemand', requireStaffOfStudioGroup, validate(onDemandSchemas), onDemand('ondemand'));
  router.post('/:sourceSystem/update/classes/ondemand', requireStaffOfStudioGroup, validate(updateSchemas), onDemand('update'));
  return router;
}

const logSchemas = {
  params: z.object({ sourceSystem: z.string(), studioGroupId: z.union([z.literal('undefined'), z.coerce.number().int().positive()]) }),
  query: z.object({ limit: z.coerce.number().int().min(1).max(1000).default(200) }),
  response: ZImportLogList,
  summary: 'The import log, newest first: of one studio group, or of every group the caller manages when the id is `undefined`.',
};

/** Mounted under /api: GET /api/{source-system}/import/log/{studioGroupId}, newest first (spec 2.15). */
export function createImportLogRouter() {
  const router = Router();
  router.get('/:sourceSystem/import/log/:studioGroupId', validate(logSchemas), async (req, res) => {
    const { params, query } = validated(req, logSchemas);
    const auth = authOf(req);
    if (auth.role === 'trainer') throw new HttpError(403, 'auth.staffOnly');
    // The spec lets the id be undefined: then the log of every group the caller manages.
    let groupIds: number[];
    if (params.studioGroupId === 'undefined') {
      groupIds = (await studioGroupsOf(auth)).map((group) => group.id);
    } else {
      const group = await findVisibleStudioGroupById(auth, params.studioGroupId);
      if (!group) throw new HttpError(404, 'tenancy.studioGroupNotFound');
      groupIds = [group.id];
    }
    res.json(await listImportLog(requestEntityManager(), groupIds, query.limit));
  });
  return router;
}
