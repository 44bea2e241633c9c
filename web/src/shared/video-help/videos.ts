// Help videos per page (the '?' overlay, trainer portal 2 / admin): a page's path after the locale
// → the video's URL. Only URLs the rule in video-url.ts accepts are shown; a page without an entry
// has no '?' button. Content, not code: the product team swaps the videos here.

export type VideoEntry = { pattern: RegExp; url: string; titleKey: VideoTitleKey };
export type VideoTitleKey = 'documents' | 'documentManager' | 'settlements' | 'profile' | 'review';

export const HELP_VIDEOS: readonly VideoEntry[] = [
  { pattern: /^\/trainer\/studio\/[^/]+\/documents\/?$/, url: 'https://player.vimeo.com/video/76979871', titleKey: 'documents' },
  { pattern: /^\/trainer\/documents\/?$/, url: 'https://player.vimeo.com/video/76979871', titleKey: 'documents' },
  { pattern: /^\/trainer\/profile\/?$/, url: 'https://vimeo.com/video/76979871', titleKey: 'profile' },
  { pattern: /^\/trainer\/accounting\/review\//, url: 'https://vimeo.com/video/76979871', titleKey: 'review' },
  { pattern: /^\/admin\/document-manager\/?$/, url: 'https://player.vimeo.com/video/76979871', titleKey: 'documentManager' },
  { pattern: /^\/admin\/settlements?(\/|$)/, url: 'https://vimeo.com/video/76979871', titleKey: 'settlements' },
];

/** The help video of a page path (`/de/admin/settlements` or without the locale), if any. */
export function helpVideoOf(pathname: string): VideoEntry | null {
  const path = pathname.replace(/^\/[a-z]{2}(?=\/)/, '');
  return HELP_VIDEOS.find((entry) => entry.pattern.test(path)) ?? null;
}
