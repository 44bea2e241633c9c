import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { StudioGroupExport, User, type StudioGroup } from '../../../db/entities';
import { groupExportDownloadPath, GROUP_EXPORT_SECTIONS, type TGroupExport } from '../../../contracts/group-export.contract';
import type { Locale } from '../../../domain/messages';
import { STUDIO_GROUP_EXPORT_WORKFLOW, type TStudioGroupExportWorkflow } from '../../../workflows/studio-group-export.messages';
import { studioGroupExportWorkflowId, TASK_QUEUE } from '../../../workflows/ids';
import { HttpError, notFound } from '../../http/errors';

// "Export all data": starting the export workflow, the list and one export (docs/decisions/0140).

/** The answer's shape of an export row (its requester populated). */
export function exportAnswer(row: StudioGroupExport): TGroupExport {
  const requestedBy = row.requestedBy as User;
  return {
    exportUuid: row.uuid,
    status: row.status,
    currentSection: row.currentSection ?? null,
    sectionsDone: row.sectionsDone,
    sectionsTotal: row.sectionsTotal || GROUP_EXPORT_SECTIONS.length,
    filesDone: row.filesDone,
    sizeBytes: row.sizeBytes ?? null,
    sha256: row.sha256 ?? null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    requestedBy: { uuid: requestedBy.uuid, name: `${requestedBy.firstname} ${requestedBy.lastname}`.trim(), email: requestedBy.email },
    error: row.error ?? null,
    downloadPath: row.status === 'done' && row.filePath ? groupExportDownloadPath(row.studioGroup.uuid, row.uuid) : null,
  };
}

export async function listExports(em: EntityManager, group: StudioGroup): Promise<TGroupExport[]> {
  const rows = await em.find(StudioGroupExport, { studioGroup: group }, { populate: ['requestedBy', 'studioGroup'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: 100 });
  return rows.map(exportAnswer);
}

export async function findExport(em: EntityManager, group: StudioGroup, exportUuid: string): Promise<StudioGroupExport> {
  const row = await em.findOne(StudioGroupExport, { uuid: exportUuid, studioGroup: group }, { populate: ['requestedBy', 'studioGroup'] });
  if (!row) throw notFound('groupExport.notFound');
  return row;
}

/**
 * Starts an export of the whole group, or answers the one that runs: one at a time per group
 * (a second writer would only double the load of the first). The check and the insert run under
 * the group's advisory lock, so two clicks at once start one export.
 */
export async function startExport({ em, temporal, group, userId, locale }: { em: EntityManager; temporal: Client; group: StudioGroup; userId: number; locale: Locale }): Promise<{ row: StudioGroupExport; started: boolean }> {
  const { uuid, started } = await em.transactional(async (tem) => {
    await tem.execute('select pg_advisory_xact_lock(hashtext(?))', [`group-export:${group.uuid}`]);
    const running = await tem.findOne(StudioGroupExport, { studioGroup: group.id, status: 'running' });
    if (running) return { uuid: running.uuid, started: false };
    const row = tem.create(StudioGroupExport, { studioGroup: group.id, requestedBy: userId, sectionsTotal: GROUP_EXPORT_SECTIONS.length });
    await tem.flush();
    return { uuid: row.uuid, started: true };
  });
  if (started) {
    try {
      await temporal.workflow.start<TStudioGroupExportWorkflow>(STUDIO_GROUP_EXPORT_WORKFLOW, {
        taskQueue: TASK_QUEUE,
        workflowId: studioGroupExportWorkflowId(uuid),
        args: [{ exportUuid: uuid, studioGroupUuid: group.uuid, locale }],
      });
    } catch (error) {
      // Not started: the row would otherwise block the next export as "running" for ever.
      await em.nativeUpdate(StudioGroupExport, { uuid }, { status: 'failed', error: String(error instanceof Error ? error.message : error), finishedAt: new Date() });
      throw new HttpError(503, 'groupExport.couldNotStart');
    }
  }
  em.clear();
  return { row: await findExport(em, group, uuid), started };
}
