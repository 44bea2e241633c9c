import fs from 'node:fs/promises';
import path from 'node:path';
import express, { Router } from 'express';
import { csvImportPath, formatCsvError, parseClassesCsv } from '../../../domain/source-systems/csv.connector';
import { ZClassesCsvFile, ZCsvFileStored, type TCsvFileStored } from '../../../contracts/import.contract';
import { studioGroupOf } from '../../auth/tenancy';
import { t } from '../../http/locale';
import { validate, validated } from '../../http/validate';
import { checkSourceSystem } from './import.service';

export const MAX_CSV_BYTES = 5 * 1024 * 1024;

const uploadSchemas = {
  body: ZClassesCsvFile,
  consumes: 'text/csv',
  response: ZCsvFileStored,
  summary: "Stores the group's file of classes for the CSV source system; a file with any bad row is refused with every row's line and reason.",
} as const;

/**
 * Mounted under /api/v1/:g: `PUT /csv/import/file` stores the group's file of classes for the CSV
 * connector. The whole file is checked first; a file with any bad row is refused with every row's
 * line number and reason, and the stored file stays as it was.
 */
export function createCsvUploadRouter({ dataDir }: { dataDir: string }) {
  const router = Router({ mergeParams: true });
  // A body that is not text (JSON, no body) is refused by the contract: 400 on `body`.
  router.put('/csv/import/file', express.text({ type: ['text/csv', 'text/plain'], limit: MAX_CSV_BYTES }), validate(uploadSchemas), async (req, res) => {
    const studioGroup = studioGroupOf(req);
    checkSourceSystem(studioGroup, 'csv');
    const { body: csv } = validated(req, uploadSchemas);
    const parsed = parseClassesCsv(csv);
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
    await fs.writeFile(partial, csv, 'utf8');
    await fs.rename(partial, target);
    const answer: TCsvFileStored = { status: 'success', message: t(req, 'import.csvStored', { count: parsed.rows.length }), classes: parsed.rows.length };
    res.json(answer);
  });
  return router;
}
