import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { DateTime } from 'luxon';
import type { ListClassesQuery, SourceClass, SourceStudio, SourceSystemConnector, SourceTrainer } from './connector';
import { SourceDataError } from './errors';

// The "csv" source system: a studio group without an integration uploads one CSV file of classes,
// stored at csvImportPath(); studios and trainers are taken from the same file. Columns (header row
// required, order free, further columns ignored; comma or semicolon as delimiter, UTF-8, BOM ok):
//
//   studio_id          the studio's id in the group's own system (required)
//   studio_name        the studio's name (required; the same on every row of a studio_id)
//   class_id           the class's id, unique within its studio (required)
//   date               YYYY-MM-DD (required), local time Europe/Berlin
//   start_time         HH:MM, 24 h (required)
//   duration_minutes   whole minutes, 1–1440 (required)
//   class_name         (required)
//   category           (required; payment type rules match on it)
//   room               (optional)
//   slots              whole number ≥ 0 (required)
//   booked_slots       whole number, 0 ≤ booked_slots ≤ slots (required)
//   attendees          whole number, 0 ≤ attendees ≤ slots (required; walk-ins may exceed bookings)
//   trainer_id         the main trainer's id (empty: a class without trainer, reported, not paid)
//   trainer_firstname  required with trainer_id (firstname or lastname)
//   trainer_lastname
//   trainer_email      optional, must be an e-mail address
//   other_trainer_ids  further trainers, semicolon-separated; each must appear as trainer_id on
//                      some row of the file, so that the file names every trainer it refers to
//
// A file with any bad row imports nothing: parseClassesCsv() reports every bad row with its line.

export const CSV_COLUMNS = [
  'studio_id',
  'studio_name',
  'class_id',
  'date',
  'start_time',
  'duration_minutes',
  'class_name',
  'category',
  'room',
  'slots',
  'booked_slots',
  'attendees',
  'trainer_id',
  'trainer_firstname',
  'trainer_lastname',
  'trainer_email',
  'other_trainer_ids',
] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Columns that may be left out of the header entirely. */
const OPTIONAL_COLUMNS: readonly CsvColumn[] = ['room', 'trainer_email', 'other_trainer_ids'];

const TIME_ZONE = 'Europe/Berlin';

export type CsvClassRow = {
  line: number;
  studioId: string;
  studioName: string;
  classId: string;
  date: string;
  startTime: string;
  startsAt: Date;
  durationMinutes: number;
  className: string;
  category: string;
  room: string | null;
  slots: number;
  bookedSlots: number;
  attendees: number;
  trainerId: string | null;
  trainerFirstname: string;
  trainerLastname: string;
  trainerEmail: string | null;
  otherTrainerIds: string[];
};

export type CsvRowError = { line: number; reason: string };

export type ParseClassesCsvResult = { ok: true; rows: CsvClassRow[] } | { ok: false; errors: CsvRowError[] };

/** "Line 7: booked_slots must not exceed slots". */
export const formatCsvError = (error: CsvRowError) => `Line ${error.line}: ${error.reason}`;

/** Where the API stores a studio group's upload and the csv connector reads it. */
export function csvImportPath(dataDir: string, studioGroupUuid: string): string {
  // The uuid becomes a directory name: refuse anything that could leave the imports directory.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(studioGroupUuid)) {
    throw new RangeError(`Not a studio group uuid: ${studioGroupUuid}`);
  }
  return path.join(dataDir, 'imports', studioGroupUuid.toLowerCase(), 'classes.csv');
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const WHOLE_NUMBER = /^\d+$/;

function detectDelimiter(text: string): string {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  // German spreadsheet exports use semicolons; other_trainer_ids then has to be quoted.
  return !header.includes(',') && header.includes(';') ? ';' : ',';
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  return DateTime.fromISO(text, { zone: TIME_ZONE }).isValid;
}

/**
 * Parses and validates a classes CSV. Pure: no I/O. Either every row is good and all rows are
 * returned, or every bad row is reported (line numbers count the header as line 1).
 */
export function parseClassesCsv(text: string): ParseClassesCsvResult {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: detectDelimiter(text),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { ok: false, errors: [{ line, reason: `the file is not valid CSV (${(error as Error).message})` }] };
  }

  if (records.length === 0) return { ok: false, errors: [{ line: 1, reason: 'the file is empty; a header row is required' }] };

  const [headerRecord, ...dataRecords] = records;
  const header = headerRecord.record.map((name) => name.trim().toLowerCase());
  const columnIndex = new Map<string, number>();
  header.forEach((name, index) => {
    if (!columnIndex.has(name)) columnIndex.set(name, index);
  });
  const missing = CSV_COLUMNS.filter((column) => !OPTIONAL_COLUMNS.includes(column) && !columnIndex.has(column));
  if (missing.length > 0) {
    return { ok: false, errors: [{ line: headerRecord.info.lines, reason: `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}` }] };
  }

  const errors: CsvRowError[] = [];
  const rows: CsvClassRow[] = [];
  for (const { record, info } of dataRecords) {
    const line = info.lines;
    const value = (column: CsvColumn) => {
      const index = columnIndex.get(column);
      return index === undefined ? '' : (record[index] ?? '').trim();
    };
    const reasons: string[] = [];
    const required = (column: CsvColumn) => {
      const text = value(column);
      if (!text) reasons.push(`${column} is required`);
      return text;
    };
    const wholeNumber = (column: CsvColumn) => {
      const text = required(column);
      if (text && !WHOLE_NUMBER.test(text)) {
        reasons.push(`${column} must be a whole number ≥ 0, got "${text}"`);
        return Number.NaN;
      }
      return Number(text);
    };

    if (record.length > header.length) reasons.push(`has ${record.length} fields, the header has ${header.length}`);
    const studioId = required('studio_id');
    const studioName = required('studio_name');
    const classId = required('class_id');
    const date = required('date');
    if (date && !isCalendarDate(date)) reasons.push(`date must be a date as YYYY-MM-DD, got "${date}"`);
    const startTime = required('start_time');
    const timeMatch = /^(\d{1,2}):(\d{2})$/.exec(startTime);
    if (startTime && (!timeMatch || Number(timeMatch[1]) > 23 || Number(timeMatch[2]) > 59)) {
      reasons.push(`start_time must be a time as HH:MM, got "${startTime}"`);
    }
    const durationMinutes = wholeNumber('duration_minutes');
    if (Number.isInteger(durationMinutes) && (durationMinutes < 1 || durationMinutes > 1440)) {
      reasons.push('duration_minutes must be between 1 and 1440');
    }
    const className = required('class_name');
    const category = required('category');
    const slots = wholeNumber('slots');
    const bookedSlots = wholeNumber('booked_slots');
    const attendees = wholeNumber('attendees');
    if (Number.isInteger(slots) && Number.isInteger(bookedSlots) && bookedSlots > slots) {
      reasons.push('booked_slots must not exceed slots');
    }
    if (Number.isInteger(slots) && Number.isInteger(attendees) && attendees > slots) {
      reasons.push('attendees must not exceed slots');
    }
    const trainerId = value('trainer_id');
    const trainerFirstname = value('trainer_firstname');
    const trainerLastname = value('trainer_lastname');
    if (trainerId && !trainerFirstname && !trainerLastname) {
      reasons.push('trainer_firstname or trainer_lastname is required with trainer_id');
    }
    const trainerEmail = value('trainer_email');
    if (trainerEmail && !EMAIL.test(trainerEmail)) reasons.push(`trainer_email is not an e-mail address: "${trainerEmail}"`);
    const otherTrainerIds = value('other_trainer_ids')
      .split(';')
      .map((id) => id.trim())
      .filter(Boolean);
    if (otherTrainerIds.length > 0 && !trainerId) reasons.push('other_trainer_ids need a trainer_id (the main trainer)');
    if (trainerId && otherTrainerIds.includes(trainerId)) reasons.push('other_trainer_ids must not repeat trainer_id');
    if (new Set(otherTrainerIds).size !== otherTrainerIds.length) reasons.push('other_trainer_ids lists a trainer twice');

    if (reasons.length > 0) {
      errors.push(...reasons.map((reason) => ({ line, reason })));
      continue;
    }
    const [hour, minute] = [Number(timeMatch![1]), Number(timeMatch![2])];
    const startsAt = DateTime.fromISO(date, { zone: TIME_ZONE }).set({ hour, minute }).toJSDate();
    rows.push({
      line,
      studioId,
      studioName,
      classId,
      date,
      startTime: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
      startsAt,
      durationMinutes,
      className,
      category,
      room: value('room') || null,
      slots,
      bookedSlots,
      attendees,
      trainerId: trainerId || null,
      trainerFirstname,
      trainerLastname,
      trainerEmail: trainerEmail || null,
      otherTrainerIds,
    });
  }

  errors.push(...crossRowErrors(rows));
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.line - b.line) };
  return { ok: true, rows };
}

/** Rules that span rows: one name per studio and trainer, unique class ids, known other trainers. */
function crossRowErrors(rows: CsvClassRow[]): CsvRowError[] {
  const errors: CsvRowError[] = [];
  const studioNames = new Map<string, CsvClassRow>();
  const trainers = new Map<string, CsvClassRow>();
  const classKeys = new Map<string, number>();
  for (const row of rows) {
    const studio = studioNames.get(row.studioId);
    if (!studio) studioNames.set(row.studioId, row);
    else if (studio.studioName !== row.studioName) {
      errors.push({ line: row.line, reason: `studio_id ${row.studioId} is named "${studio.studioName}" on line ${studio.line}, here "${row.studioName}"` });
    }
    const classKey = `${row.studioId}\u0000${row.classId}`;
    const firstLine = classKeys.get(classKey);
    if (firstLine !== undefined) errors.push({ line: row.line, reason: `class_id ${row.classId} of studio ${row.studioId} is already on line ${firstLine}` });
    else classKeys.set(classKey, row.line);
    if (!row.trainerId) continue;
    const trainer = trainers.get(row.trainerId);
    if (!trainer) trainers.set(row.trainerId, row);
    else if (trainer.trainerFirstname !== row.trainerFirstname || trainer.trainerLastname !== row.trainerLastname) {
      errors.push({
        line: row.line,
        reason: `trainer_id ${row.trainerId} is named "${trainer.trainerFirstname} ${trainer.trainerLastname}" on line ${trainer.line}, here "${row.trainerFirstname} ${row.trainerLastname}"`,
      });
    }
  }
  for (const row of rows) {
    for (const otherId of row.otherTrainerIds) {
      if (!trainers.has(otherId)) errors.push({ line: row.line, reason: `other trainer ${otherId} is not the trainer_id of any row` });
    }
  }
  return errors;
}

const toSourceClass = (row: CsvClassRow): SourceClass => ({
  sourceId: row.classId,
  studioSourceId: row.studioId,
  startsAt: row.startsAt,
  name: row.className,
  category: row.category,
  room: row.room,
  slots: row.slots,
  bookedSlots: row.bookedSlots,
  attendees: row.attendees,
  durationMinutes: row.durationMinutes,
  trainerSourceId: row.trainerId,
  otherTrainerSourceIds: row.otherTrainerIds,
});

export function createCsvConnector({ filePath }: { filePath: string }): SourceSystemConnector {
  let loaded: Promise<CsvClassRow[]> | undefined;
  const rows = () => {
    loaded ??= loadRows(filePath);
    return loaded;
  };

  return {
    name: 'csv',
    listStudios: async () => {
      const studios = new Map<string, SourceStudio>();
      for (const row of await rows()) {
        if (!studios.has(row.studioId)) studios.set(row.studioId, { sourceId: row.studioId, name: row.studioName, city: null });
      }
      return [...studios.values()];
    },
    listTrainers: async () => {
      const trainers = new Map<string, SourceTrainer>();
      for (const row of await rows()) {
        if (!row.trainerId) continue;
        const known = trainers.get(row.trainerId);
        if (known) {
          known.email ??= row.trainerEmail;
          continue;
        }
        // The file carries names and e-mail only; the rest is filled in TrainerPay.
        trainers.set(row.trainerId, {
          sourceId: row.trainerId,
          firstname: row.trainerFirstname,
          lastname: row.trainerLastname,
          email: row.trainerEmail,
          companyName: null,
          street: null,
          houseNumber: null,
          postalCode: null,
          city: null,
          country: 'DE',
          iban: null,
          bic: null,
          taxNumber: null,
          taxNumberMandatory: true,
          vatId: null,
          vatLiable: true,
          isEmployee: false,
        });
      }
      return [...trainers.values()];
    },
    listClasses: async ({ studioSourceId, dateStart, dateEnd }: ListClassesQuery) =>
      (await rows())
        .filter((row) => row.studioId === studioSourceId && row.date >= dateStart && row.date <= dateEnd)
        .map(toSourceClass),
  };
}

async function loadRows(filePath: string): Promise<CsvClassRow[]> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new SourceDataError('No CSV file has been uploaded for this studio group.');
    }
    throw error;
  }
  const result = parseClassesCsv(text);
  if (!result.ok) {
    const lines = result.errors.map(formatCsvError);
    throw new SourceDataError(`The CSV file has ${lines.length} error${lines.length > 1 ? 's' : ''}; nothing was imported.\n${lines.join('\n')}`, lines);
  }
  return result.rows;
}
