import { createCreditNoteRunRouter } from './routes/credit-notes/credit-note-run.router';
import { createSendPreviewRouter } from './routes/review/send-preview.router';
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import express, { Router } from 'express';
import helmet from 'helmet';
import { RequestContext } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { EventFeed } from '../db/events';
import type { Env } from '../config/env';
import { createRequireAuth } from './auth/sessions';
import { SessionCache } from './auth/session-cache';
import { createLoginThrottle } from './auth/login-throttle';
import { requireStaffOfStudioGroup } from './auth/tenancy';
import { errorMiddleware, HttpError } from './http/errors';
import { refuseNulCharacters } from './http/validate';
import { createAuthRouter } from './routes/auth/auth.router';
import { createHealthRouter } from './routes/health/health.router';
import { createOpenApiRouter } from './openapi/openapi.router';
import { createImportLogRouter, createImportRouter } from './routes/import/import.router';
import { createCsvUploadRouter } from './routes/import/csv-upload.router';
import { createImportQueueRouter } from './routes/import-queue/import-queue.router';
import { createStudioGroupRouter } from './routes/studio-groups/studio-groups.router';
import { createSettlementRouter } from './routes/settlement/settlement.router';
import { createSettlementV1Router } from './routes/settlement/v1.router';
import { createWorkflowsRouter } from './routes/workflows/workflows.router';
import { createMasterDataRouter } from './routes/master-data/master-data.router';
import { createOutboxRouter } from './routes/outbox/outbox.router';
import { createDemoStatementRouter } from './routes/payouts-demo/demo-statement.router';
import { createPayoutsRouter } from './routes/payouts/payouts.router';
import { createDocumentFormsRouter, createDocumentManagerRouter, createTrainerDocumentsRouter } from './routes/documents/documents.router';
import { PdfCheckPool } from './routes/documents/pdf-check-pool';
import { createReportsRouter } from './routes/reports/reports.router';
import { createTrainerExportRouter, createTrainerOverviewRouter } from './routes/trainer-overview/trainer-overview.router';
import { createDataCheckRouter } from './routes/data-check/data-check.router';
import { createFirstMonthRouter } from './routes/onboarding/first-month.router';
import { createTrainerAccountRouter } from './routes/trainer-account/trainer-account.router';
import { createAccountLinksPublicRouter, createAccountLinksStaffRouter, createAccountLinksTrainerRouter, createLogoFileRouter } from './routes/account-links/account-links.router';
import { emailChanged } from './routes/account-links/account.service';
import { DEFAULT_REFERRAL_CAMPAIGN_END } from '../domain/referral';
import { createReviewRowsRouter } from './routes/review/review-rows.router';
import { createReviewRowsTrainerRouter } from './routes/review/review-rows.trainer-router';
import { createPreviewCheckRouter } from './routes/review/preview-check.router';
import { createTrainerReviewRouter } from './routes/review/trainer-review.router';
import { createCreditNotesRouter, createTrainerCreditNotesRouter } from './routes/credit-notes/credit-notes.router';
import { createAccountingHandoffStaffRouter, createAccountingHandoffTrainerRouter } from './routes/accounting-handoff/accounting-handoff.router';
import { createDownloadSignRouter, createDownloadsRouter } from './downloads/downloads.router';
import { createDownloadSecretSource } from './downloads/tokens';
import { attachSocketServer } from './socket';
import { detectLocale } from './http/locale';
import { createContactRouter } from './routes/contact/contact.router';
import { createGroupExportRouter } from './routes/group-export/group-export.router';
import { createContactRequestsRouter } from './routes/contact/contact-requests.router';
import { createOnboardingRouter } from './routes/onboarding/onboarding.router';
import { createSiteRouter } from './routes/site/site.router';
import { createStaffInvitationLinkRouter, createStaffRouter } from './routes/staff/staff.router';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { createLogger } from '../config/logger';
import { createMetricsRegistry } from '../db/metrics';
import { createMetricsRouter, createRequestObservability } from './http/observability';

export type AppDeps = {
  orm: MikroORM;
  temporal: Client;
  feed: EventFeed;
  env: Pick<Env, 'apiKeyTtlHours' | 'webDist' | 'dataDir'> & Partial<Pick<Env, 'temporalUiUrl' | 'temporalNamespace'>> & Partial<Pick<Env, 'smtpUrl'>> & Partial<Pick<Env, 'downloadSecret'>> & Partial<Pick<Env, 'contentDir' | 'salesEmail'>> & Partial<Pick<Env, 'referralCampaignEnd'>> & Partial<Pick<Env, 'trustProxy'>> & Partial<Pick<Env, 'metricsToken' | 'logLevel'>> & Partial<Pick<Env, 'documentUploads'>>;
  /** The process's Prometheus registry (npm start shares it with the in-process worker); default: one of this app's own. */
  registry?: Registry;
  /** Default: JSON lines on stdout at LOG_LEVEL, else warnings only. */
  logger?: Logger;
};

/** Express's `trust proxy` from TRUST_PROXY; a wrong entry stops the start with the variable's name. */
function trustProxies(app: express.Express, proxies: string[]) {
  try {
    app.set('trust proxy', proxies.length > 0 ? proxies : false);
  } catch (error) {
    throw new Error(`TRUST_PROXY: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

export function createApp({ orm, temporal, feed, env, registry = createMetricsRegistry({ orm, process: 'api' }), logger = createLogger({ process: 'api', level: env.logLevel ?? 'WARN' }), pdfCheck = new PdfCheckPool() }: AppDeps & { pdfCheck?: PdfCheckPool }) {
  const app = express();
  app.disable('x-powered-by');
  // Proxy headers only from the configured proxies: believed from anyone, X-Forwarded-For would let a
  // client pick the address the log-in limits count.
  trustProxies(app, env.trustProxy ?? []);
  // First, so every answer is counted and carries its request id (refusals by the parsers too).
  app.use(createRequestObservability({ registry, logger }).middleware);
  app.use(createMetricsRouter({ registry, token: env.metricsToken }));
  // The video help overlay embeds the video host's player (web/src/shared/video-help); nothing else is framed.
  // HSTS and upgrade-insecure-requests only for a request that came over HTTPS (req.secure, also
  // behind a proxy named in TRUST_PROXY): over plain HTTP (`npm start` opened by a LAN address) the browser
  // would fetch every script over an HTTPS nobody serves and get a blank page.
  const securityHeaders = (https: boolean) =>
    helmet({
      strictTransportSecurity: https,
      contentSecurityPolicy: { directives: { 'frame-src': ["'self'", 'https://player.vimeo.com'], 'upgrade-insecure-requests': https ? [] : null } },
    });
  const [httpsHeaders, httpHeaders] = [securityHeaders(true), securityHeaders(false)];
  app.use((req, res, next) => (req.secure ? httpsHeaders : httpHeaders)(req, res, next));
  app.use(detectLocale);
  app.use(express.json({ limit: '1mb' }));
  app.use(refuseNulCharacters);
  // One MikroORM context per request: no global EntityManager (STYLE.md).
  app.use((_req, _res, next) => RequestContext.create(orm.em, next));

  // Signed download links: DOWNLOAD_SECRET, else a key generated once per database (api/downloads/tokens.ts).
  const downloads = { dataDir: env.dataDir, secret: createDownloadSecretSource(orm, env.downloadSecret) };
  // Invitation, password-reset and e-mail confirmation links are signed with a key derived from the same secret.
  const accountLinks = { orm, temporal, secret: downloads.secret, apiKeyTtlHours: env.apiKeyTtlHours, dataDir: env.dataDir, referralCampaignEnd: env.referralCampaignEnd ?? DEFAULT_REFERRAL_CAMPAIGN_END };

  const api = Router();
  // The API's answers carry IBANs, addresses and amounts: no browser or proxy keeps a copy (a route may say otherwise).
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  api.use(createHealthRouter({ orm, temporal, dataDir: env.dataDir, smtpUrl: env.smtpUrl }));
  api.use(createOpenApiRouter({ app: () => app }));
  const loginThrottle = createLoginThrottle(orm);
  api.use(createAuthRouter({ apiKeyTtlHours: env.apiKeyTtlHours, loginThrottle }));
  api.use(createContactRouter({ orm, temporal, salesEmail: env.salesEmail ?? 'sales@trainerpay.test', secret: downloads.secret }));
  api.use(createAccountLinksPublicRouter(accountLinks));
  api.use(createStaffInvitationLinkRouter(accountLinks));
  // The sessions this process checked a moment ago, kept until their revocation arrives on the feed.
  api.use(createRequireAuth({ sessions: new SessionCache(feed) }));
  api.use(createContactRequestsRouter());
  api.use(createOnboardingRouter());

  const studioGroupApi = Router({ mergeParams: true });
  studioGroupApi.use(requireStaffOfStudioGroup);
  studioGroupApi.use(createStudioGroupRouter());
  studioGroupApi.use(createMasterDataRouter());
  studioGroupApi.use(createImportRouter({ temporal, feed }));
  studioGroupApi.use(createImportQueueRouter({ temporal }));
  // Before the settlement router: its GET /settlement/:settlementUuid must not see the review paths.
  studioGroupApi.use(createReviewRowsRouter({ temporal }));
  studioGroupApi.use(createPreviewCheckRouter({ temporal }));
  studioGroupApi.use(createCreditNotesRouter({ temporal }));
  studioGroupApi.use(createDownloadSignRouter({ ...downloads, scope: 'studio-group' }));
  studioGroupApi.use(createSettlementRouter({ temporal }));
  studioGroupApi.use(createSendPreviewRouter({ temporal, feed }));
  studioGroupApi.use(createCreditNoteRunRouter({ temporal, feed }));
  studioGroupApi.use(createAccountingHandoffStaffRouter());
  studioGroupApi.use(createWorkflowsRouter({ temporal, temporalUiUrl: env.temporalUiUrl ?? 'http://localhost:8233', temporalNamespace: env.temporalNamespace }));
  studioGroupApi.use(createCsvUploadRouter({ dataDir: env.dataDir }));
  studioGroupApi.use(createDocumentManagerRouter({ pdfCheck }));
  studioGroupApi.use(createReportsRouter());
  studioGroupApi.use(createOutboxRouter({ smtpConfigured: Boolean(env.smtpUrl) }));
  // Before the payouts router: /payouts/demo-statement is a path of its own, not a payout.
  studioGroupApi.use(createDemoStatementRouter());
  studioGroupApi.use(createPayoutsRouter({ temporal, dataDir: env.dataDir }));
  studioGroupApi.use(createAccountLinksStaffRouter(accountLinks));
  studioGroupApi.use(createTrainerOverviewRouter());
  studioGroupApi.use(createDataCheckRouter());
  studioGroupApi.use(createFirstMonthRouter(accountLinks));
  studioGroupApi.use(createStaffRouter(accountLinks));
  studioGroupApi.use(createGroupExportRouter({ temporal }));
  api.use('/v1/:g', studioGroupApi);
  // Wizard v1's unversioned calls (/api/settlement/..., /api/trainer-invoice/...), staff of the path's group only.
  api.use(createSettlementV1Router({ temporal }));
  api.use(createImportLogRouter());
  api.use('/v2', createTrainerAccountRouter({ temporal, loginThrottle, onEmailChanged: (em, userId) => emailChanged(em, accountLinks, userId), dataDir: env.dataDir }));
  api.use('/v2', createAccountLinksTrainerRouter(accountLinks));
  api.use('/v2', createTrainerCreditNotesRouter(downloads));
  api.use('/v2', createAccountingHandoffTrainerRouter());
  api.use('/v2', createTrainerDocumentsRouter({ pdfCheck }));
  api.use('/v2', createDownloadSignRouter({ ...downloads, scope: 'any' }));
  api.use('/v2', createTrainerReviewRouter({ temporal }));
  api.use('/v2', createReviewRowsTrainerRouter({ temporal }));

  api.use((req, _res, next) => next(new HttpError(404, 'http.noSuchCall', undefined, { method: req.method, path: `/api${req.path}` })));
  // Downloads take headers or a signed `?token=`, so they sit before /api's header check; and
  // /admin/... and /{locale}/trainer/... download paths before the SPA fallback below.
  app.use(createDownloadsRouter(downloads));
  app.use(createDocumentFormsRouter({ ...downloads, orm, pdfCheck, uploadLimits: env.documentUploads }));
  app.use(createLogoFileRouter(accountLinks));
  app.use(createTrainerExportRouter());
  app.use('/api', api);
  // The public site: its content files (/build/content/...), prerendered pages and precompressed assets.
  app.use(createSiteRouter({ contentDir: path.resolve(env.contentDir ?? 'content'), webDist: path.resolve(env.webDist) }));

  // The built web app; every other GET is a client-side route.
  const webDist = path.resolve(env.webDist);
  const indexHtml = path.join(webDist, 'index.html');
  if (fs.existsSync(indexHtml)) {
    app.use(express.static(webDist, { index: false, maxAge: '1h' }));
    app.get('/{*path}', (_req, res) => res.sendFile(indexHtml));
  }
  app.use(errorMiddleware);
  return app;
}

/** The HTTP server with socket.io attached; `close` stops both. */
export function createServer(deps: AppDeps) {
  // Uploaded PDFs are checked in a thread of their own, one per server (api/routes/documents/pdf-check-pool.ts).
  const pdfCheck = new PdfCheckPool();
  const app = createApp({ ...deps, pdfCheck });
  const httpServer = http.createServer(app);
  const sockets = attachSocketServer({ httpServer, orm: deps.orm, temporal: deps.temporal, feed: deps.feed });
  return {
    httpServer,
    /** Starts the upload-check thread now (a process that serves trainers), not at the first upload. */
    warmUploadChecks: () => pdfCheck.warm(),
    listen: (port: number, host?: string) =>
      new Promise<number>((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(port, host, () => {
          const address = httpServer.address();
          resolve(typeof address === 'object' && address ? address.port : port);
        });
      }),
    close: async () => {
      await sockets.close();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await pdfCheck.close();
    },
  };
}
