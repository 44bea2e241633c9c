import path from 'node:path';
import { DEFAULT_REFERRAL_CAMPAIGN_END } from '../domain/referral';

// Configuration is environment variables only (12-factor). README's configuration table lists
// every variable read here; keep the two in step.
export type Env = {
  port: number;
  databaseUrl: string | undefined;
  temporalAddress: string | undefined;
  temporalNamespace: string;
  temporalCli: string | undefined;
  temporalUiPort: number;
  /** Where ops open a workflow in the Temporal UI (links of GET .../settlement/{uuid}/workflow). */
  temporalUiUrl: string;
  dataDir: string;
  embeddedPostgresPort: number;
  publicUrl: string;
  smtpUrl: string | undefined;
  /** From header of every e-mail (MAIL_FROM). */
  mailFrom: string;
  apiKeyTtlHours: number;
  webDist: string;
  /**
   * The reverse proxies whose X-Forwarded-For / X-Forwarded-Proto the api believes (TRUST_PROXY:
   * comma-separated addresses, subnets or Express's names such as `loopback`); unset: none, so a
   * client cannot pose as another address to the log-in limits.
   */
  trustProxy: string[];
  /** Signs download links (DOWNLOAD_SECRET); unset: a random key generated once per database. */
  downloadSecret: string | undefined;
  /** Last day of the referral campaign (REFERRAL_CAMPAIGN_END, YYYY-MM-DD). */
  referralCampaignEnd: string;
  /** The public site's content files (CONTENT_DIR), served at /build/content/... and read on every request. */
  contentDir: string;
  /** Where the public contact form's requests go (SALES_EMAIL). */
  salesEmail: string;
  /** The standalone worker's Temporal SDK log level (LOG_LEVEL); unset: the SDK's own, INFO. */
  logLevel: LogLevel | undefined;
  /**
   * A workflow bundle made beforehand (WORKFLOW_BUNDLE: a file of `bundleWorkflowCode`'s code) for
   * the standalone worker; unset: it bundles workflows/ at its start.
   */
  workflowBundle: string | undefined;
  /** Bearer token a Prometheus scrape of /metrics must send (METRICS_TOKEN); unset: /metrics is off (docs/decisions/0075). */
  metricsToken: string | undefined;
  /**
   * The standalone worker's /metrics port (METRICS_PORT, default 9464); the Temporal SDK's own
   * Prometheus exporter listens on the next port, on 127.0.0.1 only, and is served through it.
   */
  workerMetricsPort: number;
  documentUploads: DocumentUploadLimits;
};

/** Limits on trainers' document uploads (decision 0067 says why these numbers). */
export type DocumentUploadLimits = {
  /** Documents one trainer account may keep (DOCUMENT_QUOTA_FILES). */
  quotaFiles: number;
  /** Megabytes one trainer account's documents may take together (DOCUMENT_QUOTA_MB). */
  quotaMb: number;
  /** Upload attempts one trainer account may make per hour, refused ones included (DOCUMENT_UPLOADS_PER_HOUR). */
  uploadsPerHour: number;
  /** Free megabytes DATA_DIR's file system must keep: below it uploads are refused (UPLOAD_MIN_FREE_MB). */
  minFreeMb: number;
};

export const DEFAULT_DOCUMENT_UPLOAD_LIMITS: DocumentUploadLimits = { quotaFiles: 100, quotaMb: 150, uploadsPerHour: 30, minFreeMb: 2048 };

const LOG_LEVELS = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
const isLogLevel = (value: string | undefined): value is LogLevel => LOG_LEVELS.some((level) => level === value);

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) ? parsed : fallback;
};

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const port = int(source.PORT, 3000);
  const dataDir = path.resolve(source.DATA_DIR ?? 'data');
  return {
    port,
    databaseUrl: source.DATABASE_URL || undefined,
    temporalAddress: source.TEMPORAL_ADDRESS || undefined,
    temporalNamespace: source.TEMPORAL_NAMESPACE ?? 'default',
    temporalCli: source.TEMPORAL_CLI || undefined,
    temporalUiPort: int(source.TEMPORAL_UI_PORT, 8233),
    // Default: the embedded Temporal UI (http://localhost:8233 unless TEMPORAL_UI_PORT moves it).
    temporalUiUrl: source.TEMPORAL_UI_URL || `http://localhost:${int(source.TEMPORAL_UI_PORT, 8233)}`,
    dataDir,
    embeddedPostgresPort: int(source.EMBEDDED_PG_PORT, 54329),
    publicUrl: source.PUBLIC_URL ?? `http://localhost:${port}`,
    smtpUrl: source.SMTP_URL || undefined,
    mailFrom: source.MAIL_FROM || 'TrainerPay <no-reply@trainerpay.test>',
    apiKeyTtlHours: int(source.API_KEY_TTL_HOURS, 12),
    webDist: path.resolve(source.WEB_DIST ?? 'dist/web'),
    downloadSecret: source.DOWNLOAD_SECRET || undefined,
    trustProxy: (source.TRUST_PROXY ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    contentDir: path.resolve(source.CONTENT_DIR ?? 'content'),
    salesEmail: source.SALES_EMAIL || 'sales@trainerpay.test',
    logLevel: isLogLevel(source.LOG_LEVEL) ? source.LOG_LEVEL : undefined,
    workflowBundle: source.WORKFLOW_BUNDLE || undefined,
    metricsToken: source.METRICS_TOKEN || undefined,
    workerMetricsPort: int(source.METRICS_PORT, 9464),
    documentUploads: {
      quotaFiles: int(source.DOCUMENT_QUOTA_FILES, DEFAULT_DOCUMENT_UPLOAD_LIMITS.quotaFiles),
      quotaMb: int(source.DOCUMENT_QUOTA_MB, DEFAULT_DOCUMENT_UPLOAD_LIMITS.quotaMb),
      uploadsPerHour: int(source.DOCUMENT_UPLOADS_PER_HOUR, DEFAULT_DOCUMENT_UPLOAD_LIMITS.uploadsPerHour),
      minFreeMb: int(source.UPLOAD_MIN_FREE_MB, DEFAULT_DOCUMENT_UPLOAD_LIMITS.minFreeMb),
    },
    referralCampaignEnd: /^\d{4}-\d{2}-\d{2}$/.test(source.REFERRAL_CAMPAIGN_END ?? '') ? source.REFERRAL_CAMPAIGN_END! : DEFAULT_REFERRAL_CAMPAIGN_END,
  };
}
