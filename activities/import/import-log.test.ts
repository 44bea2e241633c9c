import { describe, expect, it } from 'vitest';
import { fitForNotify, importProc } from './import-log';

const event = (message: string) => ({
  topic: 'import:1',
  event: 'import:message',
  data: { status: 'error' as const, message, import_uuid: '1' },
});

describe('fitForNotify', () => {
  it('leaves an ordinary message alone', () => {
    const small = event('Berlin Mitte: 210 classes imported.');
    expect(fitForNotify(small)).toBe(small);
  });

  it('shortens a long list of CSV errors to what a NOTIFY payload may carry', () => {
    const lines = Array.from({ length: 600 }, (_, i) => `Line ${i + 2}: booked_slots must not exceed slots (Größe)`);
    const fitted = fitForNotify(event(['The CSV file has 600 errors; nothing was imported.', ...lines].join('\n')));
    expect(Buffer.byteLength(JSON.stringify(fitted), 'utf8')).toBeLessThan(8000);
    const message = (fitted.data as { message: string }).message;
    expect(message.startsWith('The CSV file has 600 errors; nothing was imported.\nLine 2: booked_slots')).toBe(true);
    expect(message).toMatch(/… and \d+ more lines: see the import log\.$/);
  });

  it('cuts a single huge line', () => {
    const fitted = fitForNotify(event('x'.repeat(20_000)));
    expect(Buffer.byteLength(JSON.stringify(fitted), 'utf8')).toBeLessThan(8000);
  });
});

describe('importProc', () => {
  it('names the procedure after the import mode', () => {
    expect(importProc('ondemand')).toBe('classes_ondemand');
    expect(importProc('update')).toBe('classes_update');
  });
});
