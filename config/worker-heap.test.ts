import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WORKER_NODE_ARGS } from './worker-heap';

describe('the worker process heap limit', () => {
  it('is what `npm run worker` starts the worker with', () => {
    const scripts = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts as Record<string, string>;
    expect(scripts.worker).toBe(`tsx ${WORKER_NODE_ARGS.join(' ')} worker/main.ts`);
  });
});
