import type { MikroORM } from '@mikro-orm/postgresql';
import { createImportActivities } from './import';

// Every activity the worker registers, merged from the capability groups. Each group gets what it
// needs from these dependencies; the worker builds them once per process.
export type ActivityDeps = {
  orm: MikroORM;
  /** The configured data directory (uploads, generated files). */
  dataDir: string;
};

export function createActivities(deps: ActivityDeps) {
  return {
    ...createImportActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
