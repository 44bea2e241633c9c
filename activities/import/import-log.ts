import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServerToClientEvents } from '../../contracts/events';
import { importRoom } from '../../contracts/events';
import { ZImportStreamMessage, type TImportStreamMessage } from '../../contracts/import.contract';
import { ImportLog, type ImportLogStatus, type Studio, type StudioGroup } from '../../db/entities';
import { publishEvent, type FeedEvent } from '../../db/events';
import type { TImportMode } from './import.types';

export const IMPORT_MESSAGE_EVENT: keyof ServerToClientEvents = 'import:message';

/** The import log's Procedure column (spec 2.15). */
export const importProc = (mode: TImportMode) => `classes_${mode}`;

export type ImportLogRow = {
  studioGroup: StudioGroup;
  studio: Studio | null;
  importUuid: string;
  proc: string;
  status: ImportLogStatus;
  classesImportCount: number;
  message: string;
};

// PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a CSV with many bad rows easily
// writes more. The log row keeps the whole text, the live message is shortened.
const MAX_NOTIFY_BYTES = 7_000;

export function fitForNotify(feedEvent: FeedEvent & { data: TImportStreamMessage }): FeedEvent {
  const size = (event: FeedEvent) => Buffer.byteLength(JSON.stringify(event), 'utf8');
  if (size(feedEvent) < MAX_NOTIFY_BYTES) return feedEvent;
  const lines = feedEvent.data.message.split('\n');
  for (let keep = lines.length - 1; keep >= 0; keep--) {
    const message = `${lines.slice(0, keep).join('\n')}\n… and ${lines.length - keep} more lines: see the import log.`;
    const shortened = { ...feedEvent, data: { ...feedEvent.data, message } };
    if (size(shortened) < MAX_NOTIFY_BYTES) return shortened;
  }
  const message = `${feedEvent.data.message.slice(0, 1_000)}… (see the import log)`;
  return { ...feedEvent, data: { ...feedEvent.data, message } };
}

/** publishEvent speaks `$1` placeholders; MikroORM's raw queries take `?` and honour its transaction. */
const entityManagerQueryable = (em: EntityManager) => ({
  query: (sql: string, params: unknown[] = []) => {
    const ordered: unknown[] = [];
    const text = sql.replace(/\$(\d+)/g, (_, position: string) => {
      ordered.push(params[Number(position) - 1]);
      return '?';
    });
    return em.execute(text, ordered);
  },
});

/**
 * Writes an import log row (if given) and publishes the stream messages. Call it inside
 * `em.transactional`: NOTIFY is sent on commit, so a message goes out exactly when its log row is
 * stored, and an activity retried after a crash finds the row and sends nothing twice.
 */
export async function recordImportStep(
  em: EntityManager,
  { log, messages }: { log: ImportLogRow | null; messages: TImportStreamMessage[] },
): Promise<void> {
  if (log) {
    em.create(ImportLog, log);
    await em.flush();
  }
  const db = entityManagerQueryable(em);
  for (const message of messages) {
    const data = ZImportStreamMessage.parse(message);
    await publishEvent(db, fitForNotify({ topic: importRoom(data.import_uuid), event: IMPORT_MESSAGE_EVENT, data }));
  }
}
