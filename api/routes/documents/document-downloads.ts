import type { EntityManager } from '@mikro-orm/postgresql';
import { studioGroupsOf } from '../../auth/tenancy';
import type { AuthContext } from '../../auth/sessions';
import { HttpError, badRequest } from '../../http/errors';
import { fileOf, ownDocument, staffDocument, staffTrainerDocuments } from './documents.service';

// The document downloads as signable targets (api/downloads signs a path only for a file its caller
// may read now): the same checks as the routes in documents.router.ts.

export type DocumentDownloadTarget =
  | { kind: 'document'; audience: 'admin' | 'trainer'; documentUuid: string }
  | { kind: 'document-zip'; trainerUuid: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOf = (value: string, field: string) => {
  if (!UUID.test(value)) throw badRequest('validation.fieldMessage', field, { field, reason: 'validation.uuid' });
  return value.toLowerCase();
};

/** The document download a path names, or null. */
export function documentDownloadTarget(pathname: string): DocumentDownloadTarget | null {
  const trainer = /^\/[a-z]{2}\/trainer\/document\/download\/([^/]+)$/.exec(pathname);
  if (trainer) return { kind: 'document', audience: 'trainer', documentUuid: uuidOf(trainer[1]!, 'documentUuid') };
  const admin = /^\/admin\/document-manager\/download\/([^/]+)$/.exec(pathname);
  if (admin) return { kind: 'document', audience: 'admin', documentUuid: uuidOf(admin[1]!, 'documentUuid') };
  const zip = /^\/admin\/document-manager\/trainer\/([^/]+)\/download-all$/.exec(pathname);
  if (zip) return { kind: 'document-zip', trainerUuid: uuidOf(zip[1]!, 'trainerUuid') };
  return null;
}

/** Checks the caller may read the target now (a ZIP: its files exist); answers what the download serves. */
export async function resolveDocumentDownload({ em, auth, dataDir, target }: { em: EntityManager; auth: AuthContext; dataDir: string; target: DocumentDownloadTarget }) {
  if (target.kind === 'document' && target.audience === 'trainer') {
    const document = await ownDocument(em, auth, target.documentUuid);
    return { absolutePath: await fileOf(dataDir, document), fileName: document.fileName, contentType: 'application/pdf' };
  }
  if (auth.role === 'trainer') throw new HttpError(403, 'auth.staffOnly');
  const groups = await studioGroupsOf(auth);
  if (target.kind === 'document') {
    const document = await staffDocument(em, groups, target.documentUuid);
    return { absolutePath: await fileOf(dataDir, document), fileName: document.fileName, contentType: 'application/pdf' };
  }
  const { documents } = await staffTrainerDocuments(em, groups, target.trainerUuid);
  await Promise.all(documents.map((document) => fileOf(dataDir, document)));
  // Built on the fly by the route: there is no file to name here.
  return { absolutePath: '', fileName: 'documents.zip', contentType: 'application/zip' };
}
