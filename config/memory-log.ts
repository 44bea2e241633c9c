import fs from 'node:fs';
import v8 from 'node:v8';
import { threadId } from 'node:worker_threads';

// WORKER_MEMORY_LOG_MS=<ms>: a diagnostic line on stdout every that many ms with what the process's
// memory is — the resident set (anonymous and file-backed, from /proc) and this thread's V8 heap and
// the memory outside it (Buffers, ArrayBuffers). Each thread with a V8 heap of its own (the render
// threads) logs its own line; `--trace-gc` names every isolate's heap, the Temporal workflow thread's
// too. Off unless set.

const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round(bytes / MB);

function residentKb(): Record<string, number> {
  try {
    const status = fs.readFileSync('/proc/self/status', 'utf8');
    return Object.fromEntries([...status.matchAll(/^(VmRSS|RssAnon|RssFile|VmHWM|Threads):\s+(\d+)/gm)].map((match) => [match[1]!, Number(match[2])]));
  } catch {
    return {};
  }
}

/** Starts the periodic line if WORKER_MEMORY_LOG_MS is set; answers a stop. */
export function startMemoryLog(name: string, intervalMs = Number(process.env.WORKER_MEMORY_LOG_MS ?? 0)): () => void {
  if (!Number.isFinite(intervalMs) || intervalMs <= 0) return () => {};
  const line = () => {
    const usage = process.memoryUsage();
    const heap = v8.getHeapStatistics();
    const proc = threadId === 0 ? residentKb() : {};
    const figures = {
      at: new Date().toISOString(),
      thread: threadId,
      heapUsedMb: mb(usage.heapUsed),
      heapTotalMb: mb(usage.heapTotal),
      heapLimitMb: mb(heap.heap_size_limit),
      externalMb: mb(usage.external),
      arrayBuffersMb: mb(usage.arrayBuffers),
      mallocedMb: mb(heap.malloced_memory),
      ...(threadId === 0 ? { rssMb: mb(usage.rss), rssAnonMb: Math.round((proc.RssAnon ?? 0) / 1024), rssFileMb: Math.round((proc.RssFile ?? 0) / 1024), peakRssMb: Math.round((proc.VmHWM ?? 0) / 1024), threads: proc.Threads } : {}),
    };
    console.log(`${name}: memory ${JSON.stringify(figures)}`);
  };
  const timer = setInterval(line, intervalMs);
  timer.unref();
  line();
  return () => clearInterval(timer);
}
