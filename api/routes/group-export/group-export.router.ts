import { Router } from 'express';
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import { GROUP_EXPORT_RETENTION_DAYS, ZGroupExport, ZGroupExportList, ZGroupExportParams } from '../../../contracts/group-export.contract';
import { authOf } from '../../auth/sessions';
import { studioGroupOf } from '../../auth/tenancy';
import { requestEntityManager } from '../../http/entity-manager';
import { localeOf } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import { exportAnswer, findExport, listExports, startExport } from './group-export.service';

// "Export all data" (docs/decisions/0140), under /api/v1/{g}: staff of the group and operators.
// The ZIP's download is a signed-link route in api/downloads.

const schemas = {
  start: {
    body: z.object({}).strict().optional(),
    response: ZGroupExport,
    responses: { 200: ZGroupExport, 202: ZGroupExport },
    summary: 'Starts an export of the whole studio group as one ZIP with a manifest (202); while one runs, answers that one (200).',
  },
  list: { response: ZGroupExportList, summary: 'The group\'s exports, newest first: status, progress, size, when and by whom; a finished one\'s download path.' },
  one: { params: ZGroupExportParams, response: ZGroupExport, summary: 'One export of the group: status, progress, size and its download path once finished.' },
} as const;

export function createGroupExportRouter({ temporal }: { temporal: Client }) {
  const router = Router({ mergeParams: true });

  router.post('/export', validate(schemas.start), async (req, res) => {
    const { row, started } = await startExport({ em: requestEntityManager(), temporal, group: studioGroupOf(req), userId: authOf(req).userId, locale: localeOf(req) });
    res.status(started ? 202 : 200).json(exportAnswer(row));
  });

  router.get('/exports', validate(schemas.list), async (req, res) => {
    res.json({ retentionDays: GROUP_EXPORT_RETENTION_DAYS, exports: await listExports(requestEntityManager(), studioGroupOf(req)) });
  });

  router.get('/export/:exportUuid', validate(schemas.one), async (req, res) => {
    const { params } = validated(req, schemas.one);
    res.json(exportAnswer(await findExport(requestEntityManager(), studioGroupOf(req), params.exportUuid)));
  });
  return router;
}
