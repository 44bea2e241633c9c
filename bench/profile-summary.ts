// Summarises V8 CPU profiles (`--cpu-prof`, e.g. BENCH_PROFILE=<folder> of `npm run bench:close`):
// per profile (one per process or thread) the CPU time by area — a package of node_modules, a
// folder of this repository, Node's internals, garbage collection — and the functions with the most
// self time. Usage: npx tsx bench/profile-summary.ts <folder or .cpuprofile files> [--top N]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const args = process.argv.slice(2);
const topIndex = args.indexOf('--top');
const top = topIndex >= 0 ? Number(args.splice(topIndex, 2)[1]) : 15;
const files = args.flatMap((arg) => (statSync(arg).isDirectory() ? readdirSync(arg).filter((name) => name.endsWith('.cpuprofile')).map((name) => path.join(arg, name)) : [arg]));
const repo = path.resolve(import.meta.dirname, '..');

/** Where a frame's code lives: a package, a folder of the repository, Node itself, or V8's own work. */
function areaOf({ url, functionName }: Node['callFrame']): string {
  if (!url) return functionName === '(garbage collector)' ? 'garbage collection' : functionName === '(idle)' || functionName === '(program)' ? functionName : 'V8/native';
  if (url.startsWith('node:')) return 'node internals';
  const file = url.replace(/^file:\/\//, '');
  const modules = file.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [first, second] = file.slice(modules + 'node_modules/'.length).split('/');
    return first!.startsWith('@') ? `${first}/${second}` : first!;
  }
  const relative = path.relative(repo, file);
  return relative.startsWith('..') ? file : relative.split(path.sep).slice(0, 2).join('/');
}

const ms = (micros: number) => `${(micros / 1000).toFixed(0)} ms`;
for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  for (const [id, micros] of self) {
    const frame = byId.get(id)!.callFrame;
    const area = areaOf(frame);
    if (area === '(idle)') continue;
    busy += micros;
    areas.set(area, (areas.get(area) ?? 0) + micros);
    const name = `${frame.functionName || '(anonymous)'} ${frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : ''} [${area}]`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
  }
  const share = (micros: number) => `${((100 * micros) / busy).toFixed(1)} %`;
  console.log(`\n${path.basename(file)}: ${ms(busy)} of CPU samples over ${ms(profile.endTime - profile.startTime)}`);
  console.log('  by area:');
  for (const [area, micros] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`    ${share(micros).padStart(7)}  ${ms(micros).padStart(9)}  ${area}`);
  console.log('  by function (self time):');
  for (const [name, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`    ${share(micros).padStart(7)}  ${ms(micros).padStart(9)}  ${name}`);
}
