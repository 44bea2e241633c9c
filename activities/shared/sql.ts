// The activities' and the api's raw statements go through db/queries/sql.ts (db/ may not import
// from here; the preview's statement in db/queries is prepared like the api's).
export { sql } from '../../db/queries/sql';
