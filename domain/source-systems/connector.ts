import type { TrainerBillingData } from '../trainer-data';
import { createCsvConnector, csvImportPath } from './csv.connector';
import { createDemoConnector } from './demo.connector';
import { UnknownSourceSystemError } from './errors';

export { SourceDataError, UnknownSourceSystemError } from './errors';

// A source system is the studio-management software a studio group's classes come from. TrainerPay
// only reads from it: studios, trainers and the classes taught in a date range, each with the id
// the source system gives it, so that re-importing the same range updates instead of duplicating.

export const SOURCE_SYSTEMS = ['demo', 'csv'] as const;
export type SourceSystemName = (typeof SOURCE_SYSTEMS)[number];

export const isSourceSystemName = (name: string): name is SourceSystemName =>
  (SOURCE_SYSTEMS as readonly string[]).includes(name);

export type SourceStudio = {
  sourceId: string;
  name: string;
  city: string | null;
};

export type SourceTrainer = TrainerBillingData & {
  sourceId: string;
  firstname: string;
  lastname: string;
  email: string | null;
  companyName: string | null;
  isEmployee: boolean;
};

export type SourceClass = {
  /** Unique within its studio in the source system. */
  sourceId: string;
  studioSourceId: string;
  /** Start as an instant; the source's local time is Europe/Berlin. */
  startsAt: Date;
  name: string;
  category: string;
  room: string | null;
  slots: number;
  bookedSlots: number;
  attendees: number;
  durationMinutes: number;
  /** Main trainer; null when the source lists none (reported by the data check, not paid). */
  trainerSourceId: string | null;
  /** Further trainers of the same class (several trainers: reported, not paid until fixed). */
  otherTrainerSourceIds: string[];
};

export type ListClassesQuery = {
  studioSourceId: string;
  /** First day, YYYY-MM-DD, inclusive (Europe/Berlin calendar day). */
  dateStart: string;
  /** Last day, YYYY-MM-DD, inclusive. */
  dateEnd: string;
};

export type SourceSystemConnector = {
  readonly name: SourceSystemName;
  listStudios(): Promise<SourceStudio[]>;
  listTrainers(): Promise<SourceTrainer[]>;
  listClasses(query: ListClassesQuery): Promise<SourceClass[]>;
};

export type ConnectorOptions = {
  studioGroup: { uuid: string; apiSlug: string };
  /** Root of the configured data directory (uploads live under `imports/`). */
  dataDir: string;
};

/**
 * The connector for a studio group's source system. An unknown name throws
 * UnknownSourceSystemError (the API's 404 "Unknown source system").
 */
export function getConnector(name: string, options: ConnectorOptions): SourceSystemConnector {
  switch (name) {
    case 'demo':
      return createDemoConnector({ apiSlug: options.studioGroup.apiSlug });
    case 'csv':
      return createCsvConnector({ filePath: csvImportPath(options.dataDir, options.studioGroup.uuid) });
    default:
      throw new UnknownSourceSystemError(name);
  }
}
