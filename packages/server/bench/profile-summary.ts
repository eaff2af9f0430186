/**
 * `tsx bench/profile-summary.ts FILE.cpuprofile [N]`: where a V8 CPU profile (`--cpu-prof`, or the
 * soak's BENCH_SOAK_PROFILE) spent its time: the N (default 40) functions with the most self time,
 * and the self time by package (a node_modules package, the app's own source, Node's internals).
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
