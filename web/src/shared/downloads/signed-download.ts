import { ZSignDownloadResponse } from '../../../../contracts/credit-note-list.contract';
import { apiRequest } from '../api/client';

// Downloads open by navigation in a new tab, which sends no x-user/x-api-key headers: each click
// asks the API for a five-minute signed link (DESIGN "Security") instead of putting the key in a URL.

/** Where to sign: admin paths under the studio group, trainer paths under /api/v2. */
export const signCallOf = (scope: { studioGroupUuid: string } | 'trainer') =>
  scope === 'trainer' ? '/api/v2/downloads/sign' : `/api/v1/${scope.studioGroupUuid}/downloads/sign`;

/**
 * Opens the tab at once (inside the click, so no pop-up blocker objects), then signs and points it
 * at the file. A refusal closes the tab and rejects with the server's message.
 */
export async function openSignedDownload({ signCall, path }: { signCall: string; path: string }): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  try {
    const { url } = await apiRequest(signCall, { method: 'POST', body: { path }, schema: ZSignDownloadResponse });
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
