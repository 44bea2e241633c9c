import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkflowBundlePath } from '@temporalio/worker';
import { beforeAll, describe, expect, it } from 'vitest';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { DATA_CONVERTER } from '../../config/temporal-payload-codec';
import { installQuietRuntime, prebuiltWorkflowBundle } from '../support/temporal-runtime';

// Recorded histories of real runs, replayed against today's workflow code: a change that would
// break a running workflow (a reordered activity, a removed timer) fails here. Such a change goes
// behind patched('YYYY-MM-what'); record a new history when a workflow gains a new path.

const HISTORIES_DIR = fileURLToPath(new URL('../fixtures/histories/', import.meta.url));
const historyFiles = readdirSync(HISTORIES_DIR).filter((file) => file.endsWith('.json')).sort();

describe('workflow replay', () => {
  // The run's bundle (test/global-setup.ts), made from the worker's workflows path as the worker makes it.
  let workflowBundle: WorkflowBundlePath;

  beforeAll(async () => {
    installQuietRuntime();
    workflowBundle = await prebuiltWorkflowBundle();
  });

  it('has recorded histories to replay', () => {
    expect(historyFiles.length).toBeGreaterThan(0);
  });

  it.each(historyFiles)('replays %s without non-determinism', async (file) => {
    const history = historyFromJSON(JSON.parse(readFileSync(path.join(HISTORIES_DIR, file), 'utf8')));
    const histories = [{ workflowId: path.basename(file, '.json'), history }];
    const results = [];
    for await (const result of Worker.runReplayHistories({ workflowBundle, dataConverter: DATA_CONVERTER }, histories)) results.push(result);
    expect(results).toHaveLength(1);
    expect(results[0].error).toBeUndefined();
  });
});
