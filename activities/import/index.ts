import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import { activityContext } from '../shared/activity-context';
import { DateTime } from 'luxon';
import type { TImportStreamMessage } from '../../contracts/import.contract';
import { ImportLog, SettlementLine, Studio, StudioClass, StudioGroup } from '../../db/entities';
import { getConnector, SourceDataError, UnknownSourceSystemError, type SourceClass } from '../../domain/source-systems/connector';
import { translate, type MessageKey, type MessageParams } from '../../domain/messages';
import { importProc, recordImportStep } from './import-log';
import {
  ZFinishClassImportInput,
  ZImportStudioClassesInput,
  ZReportStudioImportErrorInput,
  ZStartClassImportInput,
  type TFinishClassImportInput,
  type TFinishClassImportResult,
  type TImportStudioClassesInput,
  type TImportStudioClassesResult,
  type TReportStudioImportErrorInput,
  type TStartClassImportInput,
  type TStartClassImportResult,
} from './import.types';
import { trainerIdsBySourceId, upsertStudiosAndTrainers } from '../../db/master-data';

export * from './import.types';
export { upsertStudiosAndTrainers } from '../../db/master-data';

export type ImportActivityDeps = { orm: MikroORM; dataDir: string };

/** Source systems speak local time: an import range is whole days in Germany. */
const IMPORT_TIME_ZONE = 'Europe/Berlin';
/** Rows per INSERT … ON CONFLICT statement; the activity heartbeats after each. */
const UPSERT_CHUNK_SIZE = 500;

/** Heartbeats when running as an activity; a no-op when called directly (tests, scripts). */
function heartbeat(details: { processed: number; total: number }) {
  activityContext()?.heartbeat(details);
}

/** Errors no retry can fix end the attempt series at once; the workflow reports their message. */
function asFailure(error: unknown): unknown {
  if (error instanceof SourceDataError) return ApplicationFailure.nonRetryable(error.message, 'SourceDataError', ...error.details);
  if (error instanceof UnknownSourceSystemError) return ApplicationFailure.nonRetryable(error.message, 'UnknownSourceSystem', error.sourceSystem);
  return error;
}

const notFound = (message: string) => ApplicationFailure.nonRetryable(message, 'NotFound');

/**
 * Serialises the attempts of one import step (a retry may overlap a timed-out attempt still
 * running) so that the check "is the log row already there?" and the insert cannot interleave.
 */
async function lockImportStep(em: EntityManager, key: string) {
  await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`class-import:${key}`]);
}

/** The instants an import range covers: from the first day's midnight to the day after the last. */
function rangeInstants(dateStart: string, dateEnd: string) {
  const start = DateTime.fromISO(dateStart, { zone: IMPORT_TIME_ZONE }).startOf('day');
  const end = DateTime.fromISO(dateEnd, { zone: IMPORT_TIME_ZONE }).plus({ days: 1 }).startOf('day');
  return { start: start.toJSDate(), end: end.toJSDate() };
}


export function createImportActivities({ orm, dataDir }: ImportActivityDeps) {
  const findStudioGroup = async (em: EntityManager, uuid: string) => {
    const studioGroup = await em.findOne(StudioGroup, { uuid });
    if (!studioGroup) throw notFound(`Studio group ${uuid} not found.`);
    return studioGroup;
  };

  const connectorFor = (studioGroup: StudioGroup) => {
    try {
      return getConnector(studioGroup.sourceSystem, { studioGroup: { uuid: studioGroup.uuid, apiSlug: studioGroup.apiSlug }, dataDir });
    } catch (error) {
      throw asFailure(error);
    }
  };

  return {
    /**
     * Syncs the studio group's studios and trainers from its source system, writes the start of
     * the import to the log and announces how many studios follow. Returns those studios.
     */
    async startClassImport(rawInput: TStartClassImportInput): Promise<TStartClassImportResult> {
      const input = ZStartClassImportInput.parse(rawInput);
      const em = orm.em.fork();
      const studioGroup = await findStudioGroup(em, input.studioGroupUuid);
      if (studioGroup.sourceSystem !== input.sourceSystem) {
        throw ApplicationFailure.nonRetryable(
          `This studio group imports from '${studioGroup.sourceSystem}', not from '${input.sourceSystem}'.`,
          'WrongSourceSystem',
        );
      }
      const connector = connectorFor(studioGroup);
      let sourceStudioIds: string[];
      let trainers: number;
      try {
        ({ trainers } = await upsertStudiosAndTrainers({ em, studioGroup, connector }));
        sourceStudioIds = (await connector.listStudios()).map((studio) => studio.sourceId);
      } catch (error) {
        throw asFailure(error);
      }
      const studios = await em.find(Studio, { studioGroup, sourceId: { $in: sourceStudioIds } }, { orderBy: { name: 'asc', id: 'asc' } });

      await em.transactional(async (tem) => {
        await lockImportStep(tem, `${input.importUuid}:start`);
        if ((await tem.count(ImportLog, { importUuid: input.importUuid, studio: null, status: 'info' })) > 0) return;
        const message = translate(input.locale, 'import.started', { dateStart: input.dateStart, dateEnd: input.dateEnd, sourceSystem: studioGroup.sourceSystem, studios: studios.length, trainers });
        await recordImportStep(tem, {
          log: {
            studioGroup,
            studio: null,
            importUuid: input.importUuid,
            proc: importProc(input.mode),
            status: 'info',
            classesImportCount: 0,
            message,
          },
          messages: [
            { status: 'config', message: translate(input.locale, 'import.config', { studios: studios.length }), studio_count: studios.length, import_uuid: input.importUuid },
            { status: 'info', message, import_uuid: input.importUuid },
          ],
        });
      });

      return { studios: studios.map((studio) => ({ uuid: studio.uuid, name: studio.name })), trainers };
    },

    /**
     * Imports one studio's classes of the range: upsert by (studio, source id), trainers mapped
     * from their source ids; in 'update' mode also removes the studio's classes in the range that
     * the source no longer lists. One transaction with its log row, so a retry after a crash
     * finds the finished studio and returns its count instead of importing twice. Heartbeats
     * {processed, total} per chunk; a retry starts the studio over, as nothing of a failed attempt
     * was committed (so there is no heartbeatDetails position to resume from).
     */
    async importStudioClasses(rawInput: TImportStudioClassesInput): Promise<TImportStudioClassesResult> {
      const input = ZImportStudioClassesInput.parse(rawInput);
      const em = orm.em.fork();
      const studioGroup = await findStudioGroup(em, input.studioGroupUuid);
      const studio = await em.findOne(Studio, { uuid: input.studioUuid, studioGroup });
      if (!studio) throw notFound(`Studio ${input.studioUuid} not found in this studio group.`);

      const finished = (log: ImportLog): TImportStudioClassesResult => ({
        studioUuid: studio.uuid,
        studioName: studio.name,
        classesImported: log.classesImportCount,
        classesDeleted: 0,
        classesKept: 0,
        classesWithUnknownTrainer: 0,
      });
      const earlier = await em.findOne(ImportLog, { importUuid: input.importUuid, studio, status: 'success' });
      if (earlier) return finished(earlier);

      let sourceClasses: SourceClass[];
      try {
        sourceClasses = await connectorFor(studioGroup).listClasses({ studioSourceId: studio.sourceId, dateStart: input.dateStart, dateEnd: input.dateEnd });
      } catch (error) {
        throw asFailure(error);
      }
      // The same source id twice would make one INSERT … ON CONFLICT touch a row twice.
      const classes = [...new Map(sourceClasses.map((item) => [item.sourceId, item])).values()];
      heartbeat({ processed: 0, total: classes.length });

      const trainerSourceIds = new Set(classes.flatMap((item) => [item.trainerSourceId ?? [], ...item.otherTrainerSourceIds].flat()));
      // A merged-away trainer's source id resolves to the kept trainer (trainer_source_alias).
      const trainerIdOf = await trainerIdsBySourceId(em, studioGroup, trainerSourceIds);
      const unknownTrainerIds = new Set<string>();
      let classesWithUnknownTrainer = 0;
      const importedAt = new Date();
      const rows = classes.map((item) => {
        const mainId = item.trainerSourceId ? trainerIdOf.get(item.trainerSourceId) : null;
        // Two source ids of one (merged) trainer name that trainer once, and not beside itself.
        const otherIds = [...new Set(item.otherTrainerSourceIds.map((sourceId) => trainerIdOf.get(sourceId)))].filter((id) => id === undefined || id !== mainId);
        const unknown = [item.trainerSourceId, ...item.otherTrainerSourceIds].filter((sourceId): sourceId is string => !!sourceId && !trainerIdOf.has(sourceId));
        unknown.forEach((sourceId) => unknownTrainerIds.add(sourceId));
        // A class naming a trainer TrainerPay does not know is kept without trainer: reported by
        // the data check and not paid, rather than paid to the wrong person.
        if (unknown.length > 0) classesWithUnknownTrainer++;
        return {
          uuid: randomUUID(),
          studioGroup: studioGroup.id,
          studio: studio.id,
          sourceId: item.sourceId,
          startsAt: item.startsAt,
          name: item.name,
          category: item.category,
          room: item.room,
          slots: item.slots,
          bookedSlots: item.bookedSlots,
          attendees: item.attendees,
          durationMinutes: item.durationMinutes,
          trainer: unknown.length > 0 ? null : (mainId ?? null),
          otherTrainers: unknown.length > 0 ? [] : (otherIds as number[]),
          importedAt,
          createdAt: importedAt,
          updatedAt: importedAt,
        };
      });

      return em.transactional(async (tem) => {
        await lockImportStep(tem, `${input.importUuid}:${studio.uuid}`);
        const done = await tem.findOne(ImportLog, { importUuid: input.importUuid, studio, status: 'success' });
        if (done) return finished(done);

        for (let offset = 0; offset < rows.length; offset += UPSERT_CHUNK_SIZE) {
          await tem.upsertMany(StudioClass, rows.slice(offset, offset + UPSERT_CHUNK_SIZE), {
            onConflictFields: ['studio', 'sourceId'],
            onConflictAction: 'merge',
            onConflictExcludeFields: ['uuid', 'createdAt'],
          });
          heartbeat({ processed: Math.min(offset + UPSERT_CHUNK_SIZE, rows.length), total: rows.length });
        }
        tem.clear();

        let classesDeleted = 0;
        let classesKept = 0;
        if (input.mode === 'update') {
          const { start, end } = rangeInstants(input.dateStart, input.dateEnd);
          const gone = await tem.find(
            StudioClass,
            { studio: studio.id, startsAt: { $gte: start, $lt: end }, sourceId: { $nin: rows.map((row) => row.sourceId) } },
            { fields: ['id'] },
          );
          if (gone.length > 0) {
            const goneIds = gone.map((item) => item.id);
            // A class a settlement already paid stays: an approved month never changes.
            const settled = await tem.find(SettlementLine, { studioClass: { $in: goneIds } }, { fields: ['studioClass'] });
            const settledIds = new Set(settled.map((line) => line.studioClass?.id));
            const deletable = goneIds.filter((id) => !settledIds.has(id));
            classesKept = goneIds.length - deletable.length;
            classesDeleted = deletable.length ? await tem.nativeDelete(StudioClass, { id: { $in: deletable } }) : 0;
          }
        }

        const say = (key: MessageKey, params?: MessageParams) => translate(input.locale, key, params);
        const notes = [
          input.mode === 'update' ? say('import.noteRemoved', { count: classesDeleted }) : null,
          classesKept ? say('import.noteKept', { count: classesKept }) : null,
          classesWithUnknownTrainer ? say('import.noteUnknownTrainers', { count: classesWithUnknownTrainer, ids: [...unknownTrainerIds].join(', ') }) : null,
        ].filter(Boolean);
        const message = notes.length
          ? say('import.studioImportedWithNotes', { studio: studio.name, classes: rows.length, notes: notes.join('; ') })
          : say('import.studioImported', { studio: studio.name, classes: rows.length });
        await recordImportStep(tem, {
          log: {
            studioGroup: tem.getReference(StudioGroup, studioGroup.id),
            studio: tem.getReference(Studio, studio.id),
            importUuid: input.importUuid,
            proc: importProc(input.mode),
            status: 'success',
            classesImportCount: rows.length,
            message,
          },
          messages: [
            { status: 'success', message, studio_name: studio.name, classes_import_count: rows.length, import_uuid: input.importUuid },
            { status: 'finished_club', message: translate(input.locale, 'import.studioFinished', { studio: studio.name }), studio_name: studio.name, import_uuid: input.importUuid },
          ],
        });
        return {
          studioUuid: studio.uuid,
          studioName: studio.name,
          classesImported: rows.length,
          classesDeleted,
          classesKept,
          classesWithUnknownTrainer,
        };
      });
    },

    /** Records that one studio could not be imported; the other studios carry on. */
    async reportStudioImportError(rawInput: TReportStudioImportErrorInput): Promise<void> {
      const input = ZReportStudioImportErrorInput.parse(rawInput);
      const em = orm.em.fork();
      const studioGroup = await findStudioGroup(em, input.studioGroupUuid);
      const studio = await em.findOne(Studio, { uuid: input.studioUuid, studioGroup });
      const studioName = studio?.name ?? input.studioUuid;
      await em.transactional(async (tem) => {
        await lockImportStep(tem, `${input.importUuid}:${input.studioUuid}`);
        if (studio && (await tem.count(ImportLog, { importUuid: input.importUuid, studio, status: { $in: ['success', 'error'] } })) > 0) return;
        const message = translate(input.locale, 'import.studioFailed', { studio: studioName, reason: input.message });
        await recordImportStep(tem, {
          log: {
            studioGroup,
            studio,
            importUuid: input.importUuid,
            proc: importProc(input.mode),
            status: 'error',
            classesImportCount: 0,
            message,
          },
          messages: [
            { status: 'error', message, studio_name: studioName, import_uuid: input.importUuid },
            { status: 'finished_club', message: translate(input.locale, 'import.studioFinished', { studio: studioName }), studio_name: studioName, import_uuid: input.importUuid },
          ],
        });
      });
    },

    /** Writes the import's last log row and sends finished_studiogroup, which ends the stream. */
    async finishClassImport(rawInput: TFinishClassImportInput): Promise<TFinishClassImportResult> {
      const input = ZFinishClassImportInput.parse(rawInput);
      const em = orm.em.fork();
      const studioGroup = await findStudioGroup(em, input.studioGroupUuid);
      const status = input.error !== undefined || input.studiosFailed > 0 ? 'error' : 'success';
      const say = (key: MessageKey, params?: MessageParams) => translate(input.locale, key, params);
      const counts = { classes: input.classesImported, studios: input.studiosTotal, failed: input.studiosFailed };
      const message =
        input.error !== undefined
          ? say('import.failed', { reason: input.error })
          : input.studiosFailed > 0
            ? say('import.finishedWithErrors', counts)
            : say('import.finished', counts);
      return em.transactional(async (tem) => {
        await lockImportStep(tem, `${input.importUuid}:finish`);
        const earlier = await tem.findOne(ImportLog, { importUuid: input.importUuid, studio: null, status: { $in: ['success', 'error'] } });
        if (earlier) return { status: earlier.status === 'success' ? 'success' : 'error', message: earlier.message };
        const messages: TImportStreamMessage[] = [];
        if (input.error !== undefined) messages.push({ status: 'error', message: say(input.error), import_uuid: input.importUuid });
        messages.push({ status: 'finished_studiogroup', message, classes_import_count: input.classesImported, import_uuid: input.importUuid });
        await recordImportStep(tem, {
          log: {
            studioGroup,
            studio: null,
            importUuid: input.importUuid,
            proc: importProc(input.mode),
            status,
            classesImportCount: input.classesImported,
            message,
          },
          messages,
        });
        return { status, message };
      });
    },
  };
}

export type ImportActivities = ReturnType<typeof createImportActivities>;
