/**
 * A PostgreSQL array literal of integer ids or uuids, for `= any(?::int[])` and `= any(?::uuid[])`.
 *
 * Why not `in (select value::int from jsonb_array_elements_text(?::jsonb))`: PostgreSQL estimates a
 * set-returning function at 100 rows, and with that estimate it scanned the big tables whole
 * (settlement_line, review_row, approval: a hash semi join over every line of every month, a cost
 * that grows with the table). An array parameter is estimated by its length and read through the
 * index.
 */
export function idArray(ids: readonly (number | string)[]): string {
  for (const id of ids) {
    if (typeof id === 'number' ? !Number.isSafeInteger(id) : !UUID.test(id)) throw new Error(`not an id: ${String(id)}`);
  }
  return `{${ids.join(',')}}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
