// Test helper: reads a DATEV-Format line as DATEV does (fields by position).

/** Splits a DATEV line at ';' outside quotes (a quoted field may hold ';'). */
export function datevFields(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    if (char === ';' && !quoted) {
      fields.push(current);
      current = '';
    } else current += char;
  }
  fields.push(current);
  return fields;
}
