// The video help overlay's URL rule (trainer portal 2 'Video help overlay', admin 5 'Video URL'):
// only the video host's URLs of the form {host}/video/{numeric id} or its player URL
// (player.vimeo.com/video/{id}, optionally with the privacy hash `h`) are embedded; anything else
// (another host, a path with more in it, a non-numeric id, http, credentials, a port) is not.

const HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

/** The player URL to embed for an accepted video URL, or null. */
export function embeddableVideoUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port || !HOSTS.has(url.hostname)) return null;
  const match = /^\/video\/(\d{1,12})\/?$/.exec(url.pathname);
  if (!match) return null;
  const hash = url.searchParams.get('h');
  const embed = new URL(`https://player.vimeo.com/video/${match[1]}`);
  if (hash && /^[0-9a-f]{6,20}$/i.test(hash)) embed.searchParams.set('h', hash);
  embed.searchParams.set('dnt', '1');
  return embed.toString();
}
