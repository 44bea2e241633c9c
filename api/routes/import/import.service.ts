import crypto from 'node:crypto';
import type { Client } from '@temporalio/client';
import { DateTime } from 'luxon';
import type { EntityManager } from '@mikro-orm/core';
import { CLASS_IMPORT_WORKFLOW, type TClassImportWorkflow } from '../../../workflows/class-import.messages';
import { classImportWorkflowId, TASK_QUEUE } from '../../../workflows/ids';
import { ImportLog, type StudioGroup } from '../../../db/entities';
import type { EventFeed } from '../../../db/events';
import { importRoom } from '../../../contracts/events';
import { MAX_IMPORT_RANGE_DAYS, type TImportLogEntry, type TImportStreamMessage } from '../../../contracts/import.contract';
import { badRequest, notFound } from '../../http/errors';
import type { Locale } from '../../../domain/messages';

export const KNOWN_SOURCE_SYSTEMS = ['demo', 'csv'] as const;

export type ImportMode = 'ondemand' | 'update';

/** The `{source-system}` segment must name a connector, and the one this studio group imports from. */
export function checkSourceSystem(group: StudioGroup, sourceSystem: string) {
  if (!(KNOWN_SOURCE_SYSTEMS as readonly string[]).includes(sourceSystem)) {
    throw notFound('import.unknownSourceSystem', { sourceSystem });
  }
  if (group.sourceSystem !== sourceSystem) {
    throw badRequest('import.wrongSourceSystem', 'source-system', { configured: group.sourceSystem, requested: sourceSystem });
  }
}

export function checkImportRange(dateStart: string, dateEnd: string) {
  const start = DateTime.fromISO(dateStart);
  const end = DateTime.fromISO(dateEnd);
  if (!start.isValid) throw badRequest('validation.fieldMessage', 'dateStart', { field: 'dateStart', reason: 'import.notCalendarDate' });
  if (!end.isValid) throw badRequest('validation.fieldMessage', 'dateEnd', { field: 'dateEnd', reason: 'import.notCalendarDate' });
  if (end.diff(start, 'days').days + 1 > MAX_IMPORT_RANGE_DAYS) {
    throw badRequest('import.rangeTooLong', 'dateEnd', { days: MAX_IMPORT_RANGE_DAYS });
  }
}

type StartImport = {
  temporal: Client;
  studioGroup: StudioGroup;
  sourceSystem: string;
  mode: ImportMode;
  dateStart: string;
  dateEnd: string;
  userUuid: string;
  /** Language of the run's messages and log rows. */
  locale: Locale;
  importUuid?: string;
};

export async function startClassImport({ temporal, studioGroup, sourceSystem, mode, dateStart, dateEnd, userUuid, locale, importUuid = crypto.randomUUID() }: StartImport) {
  const handle = await temporal.workflow.start<TClassImportWorkflow>(CLASS_IMPORT_WORKFLOW, {
    taskQueue: TASK_QUEUE,
    workflowId: classImportWorkflowId(importUuid),
    args: [{ importUuid, studioGroupUuid: studioGroup.uuid, sourceSystem, dateStart, dateEnd, mode, requestedByUserUuid: userUuid, locale }],
    // The socket.io room check reads which studio group a run belongs to from here.
    memo: { studioGroupUuid: studioGroup.uuid },
  });
  return { importUuid, handle };
}

/** Which studio group an import run belongs to, from its workflow; undefined for an unknown run. */
export async function studioGroupOfImport(temporal: Client, importUuid: string): Promise<string | undefined> {
  try {
    const description = await temporal.workflow.getHandle(classImportWorkflowId(importUuid)).describe();
    const memo = description.memo as { studioGroupUuid?: string } | undefined;
    return memo?.studioGroupUuid;
  } catch {
    return undefined;
  }
}

type StreamTarget = { write: (message: TImportStreamMessage) => void };

/**
 * Follows one import run on the event feed and hands each message to the stream (one JSON line each). Subscribing
 * happens before the workflow starts so that no message is missed; the promise settles when the
 * run's last message (finished_studiogroup) has been written.
 */
export function followImport(feed: EventFeed, importUuid: string, target: StreamTarget) {
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const unsubscribe = feed.subscribe(importRoom(importUuid), (feedEvent) => {
    const message = feedEvent.data as TImportStreamMessage;
    target.write(message);
    if (message.status === 'finished_studiogroup') finish();
  });
  return { finished, unsubscribe };
}

export async function listImportLog(em: EntityManager, studioGroupIds: number[], limit: number): Promise<TImportLogEntry[]> {
  const rows = await em.find(
    ImportLog,
    { studioGroup: { $in: studioGroupIds } },
    { populate: ['studio'], orderBy: { createdAt: 'desc', id: 'desc' }, limit },
  );
  return rows.map((row) => ({
    uuid: row.uuid,
    created_dt: row.createdAt.toISOString(),
    studio_name: row.studio?.name ?? null,
    proc: row.proc,
    status: row.status,
    classes_import_count: row.classesImportCount,
    message: row.message,
  }));
}
