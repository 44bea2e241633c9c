import fs from 'node:fs';
import path from 'node:path';
import { Router, type RequestHandler, type Response } from 'express';
import { z, type ZodType } from 'zod';
import { CONTENT_FILES, CONTENT_LOCALES, ZContentLocaleParams, type TContentFile } from '../../../contracts/site-content.contract';
import { HttpError, notFound } from '../../http/errors';
import { validate } from '../../http/validate';

// The public site's files (spec admin 2.24, 7 "Static GETs of the content files"; trainer portal 2):
// - /build/content/web/{lang}/... and /build/content/trainer_account/{lang}/footer.json, read from
//   CONTENT_DIR on every request (revalidated by ETag), so an editor's change shows on the next
//   visit without a rebuild. Each file is checked against its schema first: a malformed file is a
//   500 naming it, and the page keeps the text it was prerendered with.
// - the prerendered pages (/, /{lang}/, /{lang}/pricing, /{lang}/contact) from the web build, and
//   the build's precompressed assets (gzip/brotli written by the prerender) where the browser takes them.

export type SiteRouterDeps = { contentDir: string; webDist: string };

/** The file's path below /build/content/ for a language, as the spec writes it. */
const routePath = (file: TContentFile) => `/build/content/${file.replace('{lang}', ':locale')}`;

function readContentFile(contentDir: string, file: TContentFile, locale: string): unknown {
  const relative = file.replace('{lang}', locale);
  const full = path.join(contentDir, relative);
  let raw: string;
  try {
    raw = fs.readFileSync(full, 'utf8');
  } catch {
    throw notFound('http.noSuchCall', { method: 'GET', path: `/build/content/${relative}` });
  }
  const parsed = (CONTENT_FILES[file] as ZodType).safeParse(safeJson(raw));
  if (!parsed.success) {
    console.error(`[site] content/${relative} does not match its schema:`, parsed.error.issues.slice(0, 3));
    throw new HttpError(500, 'http.serverError');
  }
  return parsed.data;
}

const safeJson = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
};

const PAGES: Record<string, string> = { '': 'index.html', pricing: 'pricing.html', contact: 'contact.html' };
const LOCALE_SET = new Set<string>(CONTENT_LOCALES);

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

/** Sends `file` (absolute), its .br or .gz twin when the browser accepts one. */
function sendPrecompressed(res: Response, acceptEncoding: string, file: string, cacheControl: string) {
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Cache-Control', cacheControl);
  const type = CONTENT_TYPES[path.extname(file)];
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (acceptEncoding.includes(encoding) && fs.existsSync(file + suffix)) {
      res.setHeader('Content-Encoding', encoding);
      if (type) res.setHeader('Content-Type', type);
      res.sendFile(file + suffix, { cacheControl: false, lastModified: true });
      return;
    }
  }
  res.sendFile(file, { cacheControl: false, lastModified: true });
}

/** `Accept-Language` → de, en or es (German unless the browser prefers one of the others). */
function preferredSiteLocale(acceptLanguage: string | undefined): string {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.split(';')[0]!.trim().slice(0, 2).toLowerCase();
    if (LOCALE_SET.has(code)) return code;
  }
  return 'de';
}

export function createSiteRouter({ contentDir, webDist }: SiteRouterDeps) {
  const router = Router();

  for (const file of Object.keys(CONTENT_FILES) as TContentFile[]) {
    router.get(
      routePath(file),
      validate({
        params: ZContentLocaleParams,
        response: CONTENT_FILES[file] as ZodType,
        access: 'public',
        summary: `Content file ${file} of the public site (spec admin 2.24); 404 for a language without it (es has navigation.json only).`,
      }),
      (req, res) => {
        const { locale } = (req.validated as { params: z.infer<typeof ZContentLocaleParams> }).params;
        const content = readContentFile(contentDir, file, locale);
        res.setHeader('Cache-Control', 'no-cache');
        res.json(content);
      },
    );
  }

  const pages: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const acceptEncoding = req.header('accept-encoding') ?? '';
    if (req.path === '/') {
      res.setHeader('Vary', 'Accept-Language');
      return res.redirect(302, `/${preferredSiteLocale(req.header('accept-language'))}/`);
    }
    // /{lang}, /{lang}/, /{lang}/pricing, /{lang}/contact: the prerendered page (revalidated on each visit).
    const page = /^\/([a-z]{2})(?:\/(pricing|contact)?)?\/?$/.exec(req.path);
    if (page && LOCALE_SET.has(page[1]!)) {
      const file = path.join(webDist, page[1]!, PAGES[page[2] ?? '']!);
      if (fs.existsSync(file)) return sendPrecompressed(res, acceptEncoding, file, 'no-cache');
    }
    // Hashed build assets: their compressed twin, cached for a year (a new build has new names).
    if (req.path.startsWith('/assets/') && /^\/assets\/[\w.-]+\.(js|css)$/.test(req.path)) {
      const file = path.join(webDist, req.path);
      if (fs.existsSync(file)) return sendPrecompressed(res, acceptEncoding, file, 'public, max-age=31536000, immutable');
    }
    next();
  };
  router.use(pages);
  return router;
}
