import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Validity of generated e-invoices, as a receiving system checks them: the CII D16B XSD with
// xmllint, and the EN 16931 business rules (the CEN schematron, compiled to XSLT) with Saxon
// (saxonche from PyPI, installed by scripts/ensure-tools.mjs). The official files are vendored in
// standards/ (origin, version, licence and hash in standards/SOURCES.md).

const here = path.dirname(fileURLToPath(import.meta.url));
const standards = path.resolve(here, '../../standards');
export const CII_XSD = path.join(standards, 'cii/schema/CrossIndustryInvoice_100pD16B.xsd');
export const EN16931_CII_XSLT = path.join(standards, 'cii/xslt/EN16931-CII-validation.xslt');
export const SEPA_PAIN_001_XSD = path.join(standards, 'sepa/pain.001.001.09.xsd');
const SCHEMATRON_RUNNER = path.resolve(here, 'en16931-schematron.py');

export type FailedAssert = { id: string; flag: string; location: string; text: string };

/** Writes the documents to a temp folder: name → absolute path. */
export function writeXmlFiles(documents: Record<string, string>): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e-invoice-'));
  return Object.fromEntries(
    Object.entries(documents).map(([name, xml]) => {
      const file = path.join(dir, `${name}.xml`);
      fs.writeFileSync(file, xml);
      return [name, file];
    }),
  );
}

/** xmllint's complaints about a file against the CII D16B XSD ('' when valid). */
export function xsdErrors(file: string): string {
  try {
    execFileSync('xmllint', ['--noout', '--schema', CII_XSD, file], { stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

/** The schematron's failed asserts per file (one Saxon run compiles the XSLT once for all files). */
export function schematronFailures(files: string[]): Record<string, FailedAssert[]> {
  const python = process.env.PYTHON ?? 'python3';
  const out = execFileSync(python, [SCHEMATRON_RUNNER, EN16931_CII_XSLT, ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(out) as Record<string, FailedAssert[]>;
}
