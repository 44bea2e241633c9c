import fsp from 'node:fs/promises';
import path from 'node:path';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { StudioGroupExport, User } from '../../db/entities';
import { publishEvent } from '../../db/events';
import { sql } from '../../db/queries/sql';
import { studioGroupRoom } from '../../contracts/events';
import { GROUP_EXPORT_CHANGED_EVENT, GROUP_EXPORT_RETENTION_DAYS, GROUP_EXPORT_SECTIONS, type TGroupExportChangedEvent } from '../../contracts/group-export.contract';
import { translate, isMessageKey } from '../../domain/messages';
import { activityContext } from '../shared/activity-context';
import { ExportZip } from './export-zip';
import { SECTIONS, type SectionContext } from './sections';
import {
  ZExpireGroupExportInput,
  ZFailGroupExportInput,
  ZWriteGroupExportInput,
  type TExpireGroupExportInput,
  type TFailGroupExportInput,
  type TWriteGroupExportInput,
  type TWriteGroupExportResult,
} from './group-export.types';

export * from './group-export.types';

// The studio-group export's side effects (docs/decisions/0140): the ZIP, the export's row, its
// progress events, and the deletion when it expires.

/** Version of the ZIP's layout in the manifest; a reader checks it before reading the files. */
export const GROUP_EXPORT_FORMAT_VERSION = 1;

/** Where an export's ZIP lives under the data directory (deterministic: a retry finds it). */
export const groupExportFilePath = (studioGroupUuid: string, exportUuid: string) => path.posix.join('exports', studioGroupUuid, `${exportUuid}.zip`);

const notFound = (message: string) => ApplicationFailure.nonRetryable(message, 'NotFound');

/** Records the export's progress and tells the group's room; NOTIFY goes out with the commit. */
async function recordProgress(em: EntityManager, row: StudioGroupExport, studioGroupUuid: string) {
  await em.transactional(async (tem) => {
    await tem.nativeUpdate(
      StudioGroupExport,
      { id: row.id },
      { currentSection: row.currentSection, sectionsDone: row.sectionsDone, sectionsTotal: row.sectionsTotal, filesDone: row.filesDone, updatedAt: new Date() },
    );
    await announce(tem, row, studioGroupUuid);
  });
}

async function announce(em: EntityManager, row: StudioGroupExport, studioGroupUuid: string) {
  const data: TGroupExportChangedEvent = {
    studioGroupUuid,
    exportUuid: row.uuid,
    status: row.status,
    currentSection: row.currentSection ?? null,
    sectionsDone: row.sectionsDone,
    sectionsTotal: row.sectionsTotal,
  };
  // publishEvent speaks `$1` placeholders; sql() takes `?` in the same order and honours the transaction.
  await publishEvent({ query: (text, params = []) => sql(em, text.replace(/\$\d+/g, '?'), params) }, { topic: studioGroupRoom(studioGroupUuid), event: GROUP_EXPORT_CHANGED_EVENT, data });
}

export function createGroupExportActivities({ orm, dataDir }: { orm: MikroORM; dataDir: string }) {
  const findExport = async (em: EntityManager, exportUuid: string) => {
    const row = await em.findOne(StudioGroupExport, { uuid: exportUuid }, { populate: ['studioGroup', 'requestedBy'] });
    if (!row) throw notFound(`Studio group export ${exportUuid} not found.`);
    return row;
  };

  return {
    /**
     * Writes the whole group into one ZIP and records it done. A retry (a crashed worker, a lost
     * heartbeat) writes the ZIP afresh under its own temp name and removes the parts of earlier
     * attempts: a ZIP's directory is written last, so a broken one cannot be resumed, and the data
     * may have changed since. An export already done answers its file (idempotent).
     */
    async writeGroupExport(rawInput: TWriteGroupExportInput): Promise<TWriteGroupExportResult> {
      const input = ZWriteGroupExportInput.parse(rawInput);
      const em = orm.em.fork();
      const row = await findExport(em, input.exportUuid);
      const group = row.studioGroup;
      if (group.uuid !== input.studioGroupUuid) throw notFound(`Export ${input.exportUuid} is not of studio group ${input.studioGroupUuid}.`);
      const relativePath = groupExportFilePath(group.uuid, row.uuid);
      const target = path.join(dataDir, relativePath);
      if (row.status === 'done' && row.filePath && typeof row.sizeBytes === 'number' && row.sha256 && row.expiresAt) {
        return { sizeBytes: row.sizeBytes, sha256: row.sha256, files: row.filesDone, expiresAt: row.expiresAt.toISOString() };
      }
      if (row.status !== 'running') throw ApplicationFailure.nonRetryable(`Export ${row.uuid} is ${row.status}.`, 'Invalid');

      const context = activityContext();
      const attempt = context?.info.attempt ?? 1;
      await fsp.mkdir(path.dirname(target), { recursive: true });
      // Parts of earlier attempts of this export (an attempt still running after its timeout loses
      // its file here and fails at its rename).
      for (const name of await fsp.readdir(path.dirname(target))) {
        if (name.startsWith(`${row.uuid}.`) && name.endsWith('.part')) await fsp.rm(path.join(path.dirname(target), name), { force: true });
      }
      const temp = `${target}.${attempt}.part`;
      const startedAt = new Date();
      const zip = new ExportZip(temp, startedAt);
      row.sectionsTotal = GROUP_EXPORT_SECTIONS.length;
      row.sectionsDone = 0;
      row.filesDone = 0;
      let heartbeats = 0;
      const sectionContext: SectionContext = {
        em,
        zip,
        dataDir,
        studioGroupId: group.id,
        tick: () => context?.heartbeat({ section: row.currentSection, files: zip.files.length, step: ++heartbeats }),
        counts: {},
        totals: { creditNotes: { count: 0, grossCents: 0, netCents: 0, vatCents: 0 }, cancellations: { count: 0, grossCents: 0, netCents: 0, vatCents: 0 } },
        missingFiles: [],
      };
      try {
        for (const section of SECTIONS) {
          row.currentSection = section.name;
          row.filesDone = zip.files.length;
          await recordProgress(em, row, group.uuid);
          await section.write(sectionContext);
          row.sectionsDone++;
        }
        row.currentSection = 'manifest';
        row.filesDone = zip.files.length;
        await recordProgress(em, row, group.uuid);
        const requestedBy = row.requestedBy as User;
        const manifest = {
          formatVersion: GROUP_EXPORT_FORMAT_VERSION,
          exportUuid: row.uuid,
          createdAt: startedAt.toISOString(),
          createdBy: { uuid: requestedBy.uuid, email: requestedBy.email, name: `${requestedBy.firstname} ${requestedBy.lastname}`.trim(), role: requestedBy.role },
          studioGroup: { uuid: group.uuid, name: group.name, companyName: group.companyName, apiSlug: group.apiSlug },
          notes: [
            'CSV files: UTF-8 with a byte order mark, comma-separated, one header row; a cell a spreadsheet would run as a formula starts with an apostrophe.',
            'Amounts are integer cents (columns ending in _cents); instants are UTC (ISO 8601); classes are filed by their month in Europe/Berlin.',
            'Credit notes and cancellations: the stored PDF (with its embedded e-invoice) and the XRechnung stored beside it, under credit-notes/{settlement month}/.',
          ],
          counts: { ...sectionContext.counts, files: zip.files.length },
          totals: sectionContext.totals,
          missingFiles: sectionContext.missingFiles,
          files: zip.files,
        };
        await zip.add('manifest.json', [JSON.stringify(manifest, null, 2)]);
        const whole = await zip.finish();
        const handle = await fsp.open(temp, 'r+');
        await handle.sync();
        await handle.close();
        await fsp.rename(temp, target);

        const finishedAt = new Date();
        const expiresAt = new Date(finishedAt.getTime() + GROUP_EXPORT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
        row.status = 'done';
        row.currentSection = null;
        row.sectionsDone = GROUP_EXPORT_SECTIONS.length;
        row.filesDone = zip.files.length;
        row.filePath = relativePath;
        row.sizeBytes = whole.size;
        row.sha256 = whole.sha256;
        row.finishedAt = finishedAt;
        row.expiresAt = expiresAt;
        await em.transactional(async (tem) => {
          await tem.nativeUpdate(
            StudioGroupExport,
            { id: row.id },
            { status: 'done', currentSection: null, sectionsDone: row.sectionsDone, filesDone: row.filesDone, filePath: relativePath, sizeBytes: whole.size, sha256: whole.sha256, finishedAt, expiresAt, updatedAt: finishedAt },
          );
          await announce(tem, row, group.uuid);
        });
        return { sizeBytes: whole.size, sha256: whole.sha256, files: zip.files.length, expiresAt: expiresAt.toISOString() };
      } catch (error) {
        zip.abort();
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },

    /** Records that the export failed for good (the screen shows why); the partial file is already gone. */
    async failGroupExport(rawInput: TFailGroupExportInput): Promise<void> {
      const input = ZFailGroupExportInput.parse(rawInput);
      const em = orm.em.fork();
      const row = await findExport(em, input.exportUuid);
      if (row.status !== 'running') return;
      const reason = isMessageKey(input.message) ? translate(input.locale, input.message) : input.message;
      row.status = 'failed';
      row.currentSection = null;
      row.error = translate(input.locale, 'groupExport.failed', { reason });
      row.finishedAt = new Date();
      await em.transactional(async (tem) => {
        await tem.nativeUpdate(StudioGroupExport, { id: row.id }, { status: 'failed', currentSection: null, error: row.error, finishedAt: row.finishedAt, updatedAt: new Date() });
        await announce(tem, row, row.studioGroup.uuid);
      });
    },

    /** Deletes the ZIP at the end of its retention; the row stays ('expired'). Safe to repeat. */
    async expireGroupExport(rawInput: TExpireGroupExportInput): Promise<void> {
      const input = ZExpireGroupExportInput.parse(rawInput);
      const em = orm.em.fork();
      const row = await findExport(em, input.exportUuid);
      await fsp.rm(path.join(dataDir, groupExportFilePath(row.studioGroup.uuid, row.uuid)), { force: true });
      if (row.status === 'expired') return;
      row.status = 'expired';
      await em.transactional(async (tem) => {
        await tem.nativeUpdate(StudioGroupExport, { id: row.id }, { status: 'expired', filePath: null, updatedAt: new Date() });
        await announce(tem, row, row.studioGroup.uuid);
      });
    },
  };
}

export type GroupExportActivities = ReturnType<typeof createGroupExportActivities>;
