import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The convention docs/operations.md "Upgrading" tells operators to rely on: a migration that
// rewrites, scans or indexes a table that grows with the business says so in a `// Large tables:`
// comment at its top (which tables, what it does to them), so whoever deploys it can plan the
// minutes it may take and the writes it may hold up. The first migration creates every table empty.

const DIR = path.dirname(fileURLToPath(import.meta.url));

/** Tables that grow with every month a group closes (classes, lines, logs, credit notes, e-mails). */
const LARGE_TABLES = ['studio_class', 'settlement_line', 'settlement_log', 'settlement_trainer', 'credit_note', 'credit_note_report_line', 'outgoing_email', 'import_log', 'review_row', 'comment'];

const table = `"?(${LARGE_TABLES.join('|')})"?\\b`;
const HEAVY_STATEMENTS = [
  new RegExp(`alter table ${table}[^;]*\\b(alter column|type|add column [^;]*not null|foreign key)`, 'i'),
  new RegExp(`update ${table}`, 'i'),
  new RegExp(`delete from ${table}`, 'i'),
  new RegExp(`\\bfrom ${table}`, 'i'),
  new RegExp(`create (unique )?index (?!concurrently)[^;]* on ${table}`, 'i'),
];

const migrations = fs.readdirSync(DIR).filter((file) => /^Migration\d{14}.*\.ts$/.test(file)).sort();

describe('migrations that touch large tables', () => {
  it.each(migrations.slice(1))('%s names the large tables it rewrites, scans or indexes', (file) => {
    const source = fs.readFileSync(path.join(DIR, file), 'utf8');
    const up = source.slice(source.indexOf('async up('), source.indexOf('async down(') > 0 ? source.indexOf('async down(') : undefined);
    const created = new Set([...up.matchAll(/create table "(\w+)"/gi)].map((match) => match[1]));
    const heavy = HEAVY_STATEMENTS.flatMap((pattern) => [...up.matchAll(new RegExp(pattern, 'gi'))].map((match) => match[2] ?? match[1])).filter((name) => name && !created.has(name));
    if (heavy.length > 0) expect(source, `${file} touches ${[...new Set(heavy)].join(', ')}: say so in a '// Large tables:' comment`).toMatch(/^\/\/ Large tables: .+/m);
  });
});
