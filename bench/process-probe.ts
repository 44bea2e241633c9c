import fs from 'node:fs';

// CPU time and memory of whole process trees (a process and all its descendants), read from /proc:
// the api and worker processes, PostgreSQL (the postmaster and its backends) and the Temporal dev
// server. Sampled every 100 ms, so a phase's peak RSS is the highest sample within it.

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const PAGE_BYTES = 4096;

/** `endedChildrenCpuMs`: CPU of the process's children that ended and were waited for (cutime + cstime). */
type ProcStat = { pid: number; ppid: number; cpuMs: number; endedChildrenCpuMs: number; rssBytes: number };

function readStat(pid: number): ProcStat | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: split after its closing one.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ms = (...values: string[]) => (values.reduce((sum, value) => sum + Number(value), 0) * 1000) / TICKS_PER_SECOND;
    return { pid, ppid: Number(fields[1]), cpuMs: ms(fields[11]!, fields[12]!), endedChildrenCpuMs: ms(fields[13]!, fields[14]!), rssBytes: Number(fields[21]) * PAGE_BYTES };
  } catch {
    return undefined; // the process ended between listing and reading
  }
}

function allProcesses(): ProcStat[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is ProcStat => stat !== undefined);
}

/**
 * The sum over a process and (with `tree`) its descendants, with the CPU of descendants that ended
 * (PostgreSQL's backends end with their connections: without it a phase in which the pool closed
 * connections of earlier phases summed to less than nothing).
 */
function treeUsage(root: number, processes: ProcStat[], tree: boolean) {
  const children = new Map<number, ProcStat[]>();
  for (const stat of processes) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  let cpuMs = 0;
  let rssBytes = 0;
  const stack = processes.filter((stat) => stat.pid === root);
  while (stack.length > 0) {
    const stat = stack.pop()!;
    cpuMs += stat.cpuMs + (tree ? stat.endedChildrenCpuMs : 0);
    rssBytes += stat.rssBytes;
    if (tree) stack.push(...(children.get(stat.pid) ?? []));
  }
  return { cpuMs, rssBytes };
}

export type TreeFigures = { cpuMs: number; peakRssBytes: number };

/**
 * Samples the named process trees (a negative pid: that process alone, not its children); `cut()`
 * answers the figures since the last cut.
 */
export function processProbe(roots: Record<string, number>) {
  const names = Object.keys(roots);
  const sample = () => {
    const processes = allProcesses();
    return Object.fromEntries(names.map((name) => [name, treeUsage(Math.abs(roots[name]!), processes, roots[name]! > 0)]));
  };
  let startCpu = sample();
  let peak = Object.fromEntries(names.map((name) => [name, startCpu[name]!.rssBytes]));
  const timer = setInterval(() => {
    const now = sample();
    for (const name of names) peak[name] = Math.max(peak[name]!, now[name]!.rssBytes);
  }, 100);
  timer.unref();
  return {
    /** Figures since the last call (or the start), then starts counting anew. */
    cut(): Record<string, TreeFigures> {
      const now = sample();
      const figures = Object.fromEntries(names.map((name) => [name, { cpuMs: Math.max(0, now[name]!.cpuMs - startCpu[name]!.cpuMs), peakRssBytes: Math.max(peak[name]!, now[name]!.rssBytes) }]));
      startCpu = now;
      peak = Object.fromEntries(names.map((name) => [name, now[name]!.rssBytes]));
      return figures;
    },
    stop: () => clearInterval(timer),
  };
}
