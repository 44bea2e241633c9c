// The worker process's V8 old-space limit (decision 0185). Without one V8 sizes the heap from the
// machine's memory (4 GB on 24 GB) and, with a limit from 2 GB up, lets the heap grow to 4× what
// was live after the last full collection before it collects again; with 1 GB it collects at about
// 1.6× (V8 scales that factor with the limit). The worker's own data stays far below the limit; the
// limit is there for how often V8 collects, not as a budget. `npm run worker` passes it (package.json,
// kept in step by config/worker-heap.test.ts), and so do the tests and benchmarks that start
// worker/main.ts as a process. The render threads and the Temporal workflow thread inherit the flag.

export const WORKER_OLD_SPACE_MB = 1024;

/** The node flags the worker process starts with. */
export const WORKER_NODE_ARGS = [`--max-old-space-size=${WORKER_OLD_SPACE_MB}`];
