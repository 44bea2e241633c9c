/** Euros as typed (NumberInput hands a number or the raw text) to integer cents, without float drift. */
export function euroToCents(value: number | string): number | null {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim().replace(',', '.');
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}
