import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCsvConnector, csvImportPath, formatCsvError, parseClassesCsv } from './csv.connector';
import { getConnector, SourceDataError, UnknownSourceSystemError } from './connector';

const HEADER =
  'studio_id,studio_name,class_id,date,start_time,duration_minutes,class_name,category,room,slots,booked_slots,attendees,trainer_id,trainer_firstname,trainer_lastname,trainer_email,other_trainer_ids';

const GOOD = [
  HEADER,
  'S1,Berlin Mitte,C1,2026-01-05,18:30,60,Vinyasa Flow,Yoga,Kursraum 1,20,18,17,T1,Anna,Schmidt,anna@example.org,',
  'S1,Berlin Mitte,C2,2026-01-06,07:00,45,Indoor Cycling,Cycling,,25,25,24,T2,Lukas,Müller,,',
  'S2,Hamburg Altona,C1,2026-01-06,19:00,90,Zumba Special,Dance,Saal,30,12,10,T1,Anna,Schmidt,anna@example.org,T2;T3',
  'S2,Hamburg Altona,C2,2026-01-31,10:00,60,Pilates Core,Pilates,,15,5,5,,,,,',
  'S2,Hamburg Altona,C3,2026-02-01,10:00,60,Pilates Core,Pilates,,15,5,5,T3,Mia,Braun,,',
].join('\n');

describe('parseClassesCsv', () => {
  it('reads every row of a good file', () => {
    const result = parseClassesCsv(GOOD);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows).toHaveLength(5);
    const [first, , multi, noTrainer] = result.rows;
    expect(first).toMatchObject({ line: 2, studioId: 'S1', classId: 'C1', durationMinutes: 60, slots: 20, bookedSlots: 18, attendees: 17, trainerId: 'T1', room: 'Kursraum 1' });
    // 18:30 in Berlin in winter is 17:30 UTC.
    expect(first.startsAt.toISOString()).toBe('2026-01-05T17:30:00.000Z');
    expect(multi.otherTrainerIds).toEqual(['T2', 'T3']);
    expect(noTrainer).toMatchObject({ trainerId: null, otherTrainerIds: [], room: null });
  });

  it('accepts a semicolon-separated file with a BOM and CRLF line ends (German spreadsheet export)', () => {
    const text = '\uFEFF' + GOOD.split('\n').map((line) => line.split(',').map((field) => (field.includes(';') ? `"${field}"` : field)).join(';')).join('\r\n');
    const result = parseClassesCsv(text);
    expect(result.ok && result.rows.map((row) => row.classId)).toEqual(['C1', 'C2', 'C1', 'C2', 'C3']);
    expect(result.ok && result.rows[2].otherTrainerIds).toEqual(['T2', 'T3']);
  });

  it('reports every bad row with its line number and reason, and returns no rows', () => {
    const lines = GOOD.split('\n');
    lines.push('S1,Berlin Mitte,C9,2026-01-07,09:00,60,HIIT,HIIT,,20,25,10,T1,Anna,Schmidt,,'); // line 7
    lines.push('S1,Berlin Mitte,C10,2026-02-30,25:00,0,,HIIT,,x,1,1,T1,Anna,Schmidt,not-an-email,'); // line 8
    lines.push(',Berlin Mitte,C11,2026-01-07,09:00,60,HIIT,HIIT,,20,10,10,,,,,T1'); // line 9
    const result = parseClassesCsv(lines.join('\n'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const messages = result.errors.map(formatCsvError);
    expect(messages).toContain('Line 7: booked_slots must not exceed slots');
    expect(messages).toContain('Line 8: date must be a date as YYYY-MM-DD, got "2026-02-30"');
    expect(messages).toContain('Line 8: start_time must be a time as HH:MM, got "25:00"');
    expect(messages).toContain('Line 8: duration_minutes must be between 1 and 1440');
    expect(messages).toContain('Line 8: class_name is required');
    expect(messages).toContain('Line 8: slots must be a whole number ≥ 0, got "x"');
    expect(messages).toContain('Line 8: trainer_email is not an e-mail address: "not-an-email"');
    expect(messages).toContain('Line 9: studio_id is required');
    expect(messages).toContain('Line 9: other_trainer_ids need a trainer_id (the main trainer)');
    expect(result.errors.every((error) => error.line >= 7)).toBe(true);
  });

  it('checks rules across rows: duplicate class ids, names, unknown other trainers', () => {
    const text = [
      HEADER,
      'S1,Berlin Mitte,C1,2026-01-05,18:30,60,Flow,Yoga,,20,18,17,T1,Anna,Schmidt,,',
      'S1,Berlin-Mitte,C1,2026-01-06,18:30,60,Flow,Yoga,,20,18,17,T1,Anne,Schmidt,,T9',
    ].join('\n');
    const result = parseClassesCsv(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map(formatCsvError)).toEqual([
      'Line 3: studio_id S1 is named "Berlin Mitte" on line 2, here "Berlin-Mitte"',
      'Line 3: class_id C1 of studio S1 is already on line 2',
      'Line 3: trainer_id T1 is named "Anna Schmidt" on line 2, here "Anne Schmidt"',
      'Line 3: other trainer T9 is not the trainer_id of any row',
    ]);
  });

  it('names missing columns, an empty file and broken quoting', () => {
    const missing = parseClassesCsv('studio_id,studio_name\nS1,Berlin');
    expect(!missing.ok && formatCsvError(missing.errors[0])).toMatch(/^Line 1: missing columns class_id, date, start_time/);
    const empty = parseClassesCsv('');
    expect(!empty.ok && formatCsvError(empty.errors[0])).toBe('Line 1: the file is empty; a header row is required');
    const broken = parseClassesCsv(`${HEADER}\nS1,"Berlin`);
    expect(broken.ok).toBe(false);
  });

  it('accepts a file with only a header (nothing to import)', () => {
    expect(parseClassesCsv(HEADER)).toEqual({ ok: true, rows: [] });
  });
});

describe('csv connector', () => {
  const studioGroupUuid = '6f1c7a52-3c2b-4c8e-9d0a-3b7f2a1e9c44';

  const dataDirWith = (text: string | undefined) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'csv-connector-'));
    if (text !== undefined) {
      const file = csvImportPath(dataDir, studioGroupUuid);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    return dataDir;
  };

  it('stores the upload under imports/{studioGroupUuid}/classes.csv and refuses other names', () => {
    expect(csvImportPath('/data', studioGroupUuid)).toBe(`/data/imports/${studioGroupUuid}/classes.csv`);
    expect(() => csvImportPath('/data', '../etc')).toThrow(RangeError);
  });

  it('lists studios, trainers and the classes of a studio in a date range', async () => {
    const connector = getConnector('csv', { studioGroup: { uuid: studioGroupUuid, apiSlug: 'x' }, dataDir: dataDirWith(GOOD) });
    expect(await connector.listStudios()).toEqual([
      { sourceId: 'S1', name: 'Berlin Mitte', city: null },
      { sourceId: 'S2', name: 'Hamburg Altona', city: null },
    ]);
    const trainers = await connector.listTrainers();
    expect(trainers.map((trainer) => [trainer.sourceId, trainer.firstname, trainer.lastname, trainer.email])).toEqual([
      ['T1', 'Anna', 'Schmidt', 'anna@example.org'],
      ['T2', 'Lukas', 'Müller', null],
      ['T3', 'Mia', 'Braun', null],
    ]);
    const january = await connector.listClasses({ studioSourceId: 'S2', dateStart: '2026-01-01', dateEnd: '2026-01-31' });
    expect(january.map((item) => [item.sourceId, item.trainerSourceId, item.otherTrainerSourceIds])).toEqual([
      ['C1', 'T1', ['T2', 'T3']],
      ['C2', null, []],
    ]);
  });

  it('imports nothing from a file with errors and says which lines are wrong', async () => {
    const bad = `${GOOD}\nS1,Berlin Mitte,C9,2026-01-07,09:00,60,HIIT,HIIT,,20,25,10,T1,Anna,Schmidt,,`;
    const connector = createCsvConnector({ filePath: csvImportPath(dataDirWith(bad), studioGroupUuid) });
    const error = await connector.listStudios().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SourceDataError);
    expect((error as SourceDataError).details).toEqual(['Line 7: booked_slots must not exceed slots']);
    await expect(connector.listClasses({ studioSourceId: 'S1', dateStart: '2026-01-01', dateEnd: '2026-01-31' })).rejects.toThrow(/nothing was imported/);
  });

  it('says when nothing has been uploaded', async () => {
    const connector = getConnector('csv', { studioGroup: { uuid: studioGroupUuid, apiSlug: 'x' }, dataDir: dataDirWith(undefined) });
    await expect(connector.listStudios()).rejects.toThrow('No CSV file has been uploaded for this studio group.');
  });
});

describe('getConnector', () => {
  it('refuses an unknown source system', () => {
    expect(() => getConnector('eversports', { studioGroup: { uuid: 'x', apiSlug: 'x' }, dataDir: '/tmp' })).toThrow(UnknownSourceSystemError);
    expect(() => getConnector('eversports', { studioGroup: { uuid: 'x', apiSlug: 'x' }, dataDir: '/tmp' })).toThrow('Unknown source system');
  });

  it('gives the demo connector for demo', async () => {
    const connector = getConnector('demo', { studioGroup: { uuid: 'x', apiSlug: 'demo-yoga' }, dataDir: '/tmp' });
    expect(connector.name).toBe('demo');
    expect(await connector.listStudios()).toHaveLength(2);
  });
});
