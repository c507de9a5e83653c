import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

/**
 * Where a process's CPU went, from a V8 `.cpuprofile` (`node --cpu-prof`): each sample is
 * charged to the nearest frame of its stack that belongs to a package (node_modules, through
 * the bundle's source map) or to our own code (`services/…`, `packages/…`), so a bundled
 * service's profile reads by library. The investigations in docs/benchmarks.md quote it:
 *
 *   node infra/bench/cpu-profile-summary.ts <file.cpuprofile> [window] [top] [package]
 *
 * `window`: a regular expression; only samples from the first to the last whose stack has a
 * frame matching it (by URL or mapped source) count, e.g. `src/checkout/` for a burst; or
 * `@<from>-<to>` in the profile's microseconds (the clock is the machine's, shared by the
 * processes of one run). `package`: list the leaf frames of that one package only.
 */

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Summary {
  seconds: number;
  /** Share of the window's time per package or own-code folder (and idle, GC, program). */
  byOwner: [string, number][];
  /** Share per leaf frame: `function file` (and `← frame` of the package asked for). */
  byLeaf: [string, number][];
}

const VM_STATES = new Set(['(idle)', '(garbage collector)', '(program)']);

export function summarize(
  profile: CpuProfile,
  options: { window?: string; only?: string } = {},
): Summary {
  const owners = ownersOf(profile);
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stack = (id: number) => {
    const frames: number[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) frames.push(at);
    return frames;
  };
  const times: number[] = [];
  let t = profile.startTime;
  for (const d of profile.timeDeltas) times.push((t += d));
  const [from, to] = windowOf(profile, times, options.window, stack, owners.source);
  const byOwner = new Map<string, number>();
  const byLeaf = new Map<string, number>();
  let total = 0;
  for (let i = from; i <= to; i++) {
    const dt = (times[i + 1] ?? times[i]!) - times[i]!;
    total += dt;
    const frames = stack(profile.samples[i]!);
    const ownerAt = frames.find((id) => owners.of(id) !== null);
    const owner = ownerAt === undefined ? 'node internals' : owners.of(ownerAt)!;
    add(byOwner, owner, dt);
    if (options.only && owner !== options.only) continue;
    const leaf = owners.frame(frames[0]!);
    const suffix = options.only
      ? `  ← ${owners.frame(ownerAt!).functionName || '(anonymous)'}`
      : '';
    add(byLeaf, `${leaf.functionName || '(anonymous)'} ${leaf.url.split('/').pop()}${suffix}`, dt);
  }
  const shares = (m: Map<string, number>) =>
    [...m].map(([k, v]): [string, number] => [k, v / total]).sort((a, b) => b[1] - a[1]);
  return {
    seconds: (times[to]! - times[from]!) / 1e6,
    byOwner: shares(byOwner),
    byLeaf: shares(byLeaf),
  };
}

const add = (m: Map<string, number>, key: string, dt: number) => m.set(key, (m.get(key) ?? 0) + dt);

/** Each node's owner (null for Node's own frames) and mapped source, cached. */
function ownersOf(profile: CpuProfile) {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const maps = new Map<string, TraceMap | null>();
  const sources = new Map<number, string>();
  const owners = new Map<number, string | null>();
  const source = (id: number) => {
    if (sources.has(id)) return sources.get(id)!;
    const { url, lineNumber, columnNumber } = frames.get(id)!;
    const map = url ? mapOf(maps, url) : null;
    const original = map
      ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }).source
      : null;
    sources.set(id, original ?? url);
    return sources.get(id)!;
  };
  const of = (id: number) => {
    if (!owners.has(id)) owners.set(id, ownerOf(frames.get(id)!, source(id)));
    return owners.get(id)!;
  };
  return { of, source, frame: (id: number) => frames.get(id)! };
}

function ownerOf(frame: CallFrame, source: string): string | null {
  if (!frame.url) return VM_STATES.has(frame.functionName) ? frame.functionName : null;
  if (frame.url.startsWith('node:')) return null;
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [scope = '', name = ''] = source.slice(modules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const own = source.search(/(services|packages|infra|bff)\//);
  return own >= 0 ? source.slice(own).split('/').slice(0, 3).join('/') : source;
}

function mapOf(maps: Map<string, TraceMap | null>, url: string): TraceMap | null {
  if (!maps.has(url)) {
    const file = url.startsWith('file://') ? fileURLToPath(url) : url;
    const mapFile = `${file}.map`;
    maps.set(url, fs.existsSync(mapFile) ? new TraceMap(fs.readFileSync(mapFile, 'utf8')) : null);
  }
  return maps.get(url)!;
}

function windowOf(
  profile: CpuProfile,
  times: number[],
  window: string | undefined,
  stack: (id: number) => number[],
  source: (id: number) => string,
): [number, number] {
  const all: [number, number] = [0, profile.samples.length - 1];
  if (!window) return all;
  if (window.startsWith('@')) {
    const [a = 0, b = Infinity] = window.slice(1).split('-').map(Number);
    return [times.findIndex((x) => x >= a), times.findLastIndex((x) => x <= b)];
  }
  const pattern = new RegExp(window);
  const hits = profile.samples.map((id) => stack(id).some((f) => pattern.test(source(f))));
  const from = hits.indexOf(true);
  if (from < 0) throw new Error(`no sample has a frame matching ${window}`);
  return [from, hits.lastIndexOf(true)];
}

function main([file, window, top = '25', only]: string[]) {
  if (!file)
    throw new Error('usage: cpu-profile-summary.ts <file.cpuprofile> [window] [top] [package]');
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const summary = summarize(profile, { window: window || undefined, only });
  const print = (rows: [string, number][]) =>
    rows
      .slice(0, Number(top))
      .forEach(([k, v]) => console.log(`${(100 * v).toFixed(1).padStart(5)} %  ${k}`));
  console.log(`window ${summary.seconds.toFixed(2)} s`);
  console.log('-- by nearest package or own-code frame');
  print(summary.byOwner);
  console.log(`-- by leaf frame${only ? ` of ${only}` : ''}`);
  print(summary.byLeaf);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
