import { ZErrorResponse } from '../../../../contracts/common.contract';
import { ApiError } from '../api/client';
import { i18n } from '../i18n';
import { getSession } from '../session';

// A file made on request (a yearly statement): fetched with the session's headers, not opened by
// navigation, so no signed link is needed; saved under the server's file name.

export async function fetchDownload(path: string): Promise<void> {
  const session = getSession();
  const headers: Record<string, string> = { 'x-locale': i18n.language === 'de' ? 'de' : 'en' };
  if (session) {
    headers['x-user'] = session.userUuid;
    headers['x-api-key'] = session.apiKey;
  }
  const response = await fetch(path, { headers });
  if (!response.ok) {
    const parsed = ZErrorResponse.safeParse(await response.json().catch(() => null));
    throw new ApiError({ status: response.status, message: parsed.success ? parsed.data.message : i18n.t('errors.http', { status: response.status }) });
  }
  const fileName = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download.pdf';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
