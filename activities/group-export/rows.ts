import type { EntityManager } from '@mikro-orm/postgresql';
import { stringify } from 'csv-stringify/sync';
import { defuseFormula } from '../../domain/csv';
import { sql } from '../../db/queries/sql';

// Rows of the export, paged from PostgreSQL and written as CSV or JSON without holding a table:
// a generator yields one page's text at a time and the ZIP asks for the next when it has room.

export type Row = Record<string, unknown>;

/** Rows per query; each page is one chunk of the ZIP entry and one heartbeat. */
export const PAGE_SIZE = 2_000;

/**
 * Columns that are never exported, whatever table a section reads: password hashes, API keys and
 * tokens are the platform's, not the group's data. The sections read no table that holds one; this
 * is the second line, should a column be added to a table they read.
 */
const SECRET_COLUMN = /password|key_hash|api_key|secret|token/i;

export const withoutSecrets = (row: Row): Row => Object.fromEntries(Object.entries(row).filter(([column]) => !SECRET_COLUMN.test(column)));

/**
 * The rows of `query` (a select with an `id` column and `?` bindings), in id order, page by page
 * (keyset paging: a million classes cost a million index steps, not offsets).
 */
export async function* pagedRows(em: EntityManager, query: string, bindings: readonly unknown[], onPage: (rows: number) => void = () => {}): AsyncGenerator<Row[]> {
  let after = 0;
  for (;;) {
    const rows = await sql<Row>(em, `select * from (${query}) q where q.id > ? order by q.id limit ${PAGE_SIZE}`, [...bindings, after]);
    if (rows.length === 0) return;
    onPage(rows.length);
    yield rows.map(withoutSecrets);
    if (rows.length < PAGE_SIZE) return;
    after = Number(rows.at(-1)!.id);
  }
}

/** A value as a CSV cell: dates as ISO instants, objects as JSON, text defused against formulas. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return defuseFormula(JSON.stringify(value));
  return defuseFormula(String(value));
}

const jsonValue = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

/**
 * CSV (UTF-8 with a byte order mark, comma, a header row) of the pages. A table without rows
 * still gets its header when `columns` names them, so a reader sees the table was exported empty.
 */
export async function* csvText(pages: AsyncIterable<Row[]> | Iterable<Row[]>, onRow: (row: Row) => void = () => {}): AsyncGenerator<string> {
  let columns: string[] | undefined;
  yield '\uFEFF';
  for await (const rows of pages) {
    if (rows.length === 0) continue;
    rows.forEach(onRow);
    const header = !columns;
    columns ??= Object.keys(rows[0]!);
    const keys = columns;
    yield stringify([...(header ? [keys] : []), ...rows.map((row) => keys.map((key) => cell(row[key])))]);
  }
}

/** A JSON array of the pages' rows, written as it goes. */
export async function* jsonText(pages: AsyncIterable<Row[]> | Iterable<Row[]>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const rows of pages) {
    for (const row of rows) {
      yield `${first ? '\n' : ',\n'}${JSON.stringify(row, jsonValue)}`;
      first = false;
    }
  }
  yield '\n]\n';
}
