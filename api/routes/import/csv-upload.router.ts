import fs from 'node:fs/promises';
import path from 'node:path';
import express, { Router } from 'express';
import { csvImportPath, formatCsvError, parseClassesCsv } from '../../../domain/source-systems/csv.connector';
import { studioGroupOf } from '../../auth/tenancy';
import { HttpError } from '../../errors';
import { t } from '../../locale';
import { checkSourceSystem } from './import.service';

export const MAX_CSV_BYTES = 5 * 1024 * 1024;

/**
 * Mounted under /api/v1/:g: `PUT /csv/import/file` stores the group's file of classes for the CSV
 * connector. The whole file is checked first; a file with any bad row is refused with every row's
 * line number and reason, and the stored file stays as it was.
 */
export function createCsvUploadRouter({ dataDir }: { dataDir: string }) {
  const router = Router({ mergeParams: true });
  router.put('/csv/import/file', express.text({ type: ['text/csv', 'text/plain'], limit: MAX_CSV_BYTES }), async (req, res) => {
    const studioGroup = studioGroupOf(req);
    checkSourceSystem(studioGroup, 'csv');
    if (typeof req.body !== 'string') throw new HttpError(415, 'import.csvNotText');
    const parsed = parseClassesCsv(req.body);
    if (!parsed.ok) {
      res.status(400).json({
        status: 'error',
        message: t(req, 'import.csvHasErrors', { count: parsed.errors.length }),
        field: 'file',
        errors: parsed.errors.map((error) => ({ ...error, message: formatCsvError(error) })),
      });
      return;
    }
    const target = csvImportPath(dataDir, studioGroup.uuid);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Write aside and rename, so an import running now reads either the old file or the new one.
    const partial = `${target}.${process.pid}.partial`;
    await fs.writeFile(partial, req.body, 'utf8');
    await fs.rename(partial, target);
    res.json({ status: 'success', message: t(req, 'import.csvStored', { count: parsed.rows.length }), classes: parsed.rows.length });
  });
  return router;
}
