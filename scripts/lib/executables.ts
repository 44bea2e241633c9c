import fs from 'node:fs';
import path from 'node:path';

/** A regular file this process may execute (the tools the scripts look for: Temporal CLI, pg_dump). */
export const isExecutable = (file: string) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/** `name` in the first PATH folder that has it as an executable. */
export const onPath = (name: string) =>
  (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, name)).find(isExecutable);
