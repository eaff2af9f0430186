/**
 * `tsx bench/profile-summary.ts FILE.cpuprofile [N]`: where a V8 CPU profile (`--cpu-prof`, or the
 * soak's BENCH_SOAK_PROFILE) spent its time: the N (default 40) functions with the most self time,
 * the self time by package (a node_modules package, the app's own source, Node's internals), and the
 * N functions of the app and of the libraries it calls with the most time spent in them and below
 * (total time: a route's handler, the session look-up, a serializer).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, top = '40'] = process.argv.slice(2);
if (!file) throw new Error('usage: tsx bench/profile-summary.ts FILE.cpuprofile [N]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((sum, us) => sum + us, 0);
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

function packageOf(url: string): string {
  if (!url) return '(native, GC, idle)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return 'node internals';
  const packages = url.match(/packages\/([^/]+)\/(src|bench)\/(modules\/[^/]+|[^/]+)/);
  if (packages) return `@anor/${packages[1]} ${packages[3]}`;
  return url;
}

const functions = new Map<string, number>();
const packages = new Map<string, number>();
for (const [id, us] of self) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const key = `${functionName || '(anonymous)'}  ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*packages\//, '')}:${lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + us);
  const owner = packageOf(url);
  packages.set(owner, (packages.get(owner) ?? 0) + us);
}
const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)}%`;
console.log(`${(total / 1e6).toFixed(1)} s sampled\n\nself time by package:`);
for (const [name, us] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${pct(us)}  ${name}`);
console.log('\nself time by function:');
for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, Number(top)))
  console.log(`${pct(us)}  ${name}`);

const inclusive = new Map<string, number>();
for (const [id, us] of self) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at)?.callFrame;
    if (!frame?.url || frame.url.startsWith('node:')) continue;
    const key = `${frame.functionName || '(anonymous)'}  ${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*packages\//, '')}:${frame.lineNumber + 1}`;
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + us);
  }
}
console.log('\ntotal time by function (itself and what it called):');
for (const [name, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, Number(top)))
  console.log(`${pct(us)}  ${name}`);
