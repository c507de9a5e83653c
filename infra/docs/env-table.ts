import { ENV_MEANINGS } from './env-meanings.ts';
import type { EnvRead } from './env-reads.ts';
import { code, markdownTable } from './markdown.ts';

/** What a reader does without the variable: refuses to start, uses a value, or goes without. */
function whenUnset(read: EnvRead): string {
  if (read.required) return 'required';
  if (read.fallback === undefined) return '—';
  const literal = read.fallback.replace(/^'(.*)'$/, '$1').replace(/^(\d+)_(\d+)$/, '$1$2');
  return literal ? code(literal) : '`""`';
}

/** One read per reader: a file may read a variable twice (its schema, then the result). */
function byReader(reads: readonly EnvRead[]): EnvRead[] {
  const merged = new Map<string, EnvRead>();
  for (const read of reads) {
    const seen = merged.get(read.reader);
    merged.set(read.reader, {
      ...read,
      required: read.required || Boolean(seen?.required),
      fallback: seen?.fallback ?? read.fallback,
    });
  }
  return [...merged.values()].sort((a, b) => a.rank - b.rank || a.reader.localeCompare(b.reader));
}

/** "required" when every reader says so; else each outcome with the readers it applies to. */
function outcomes(reads: readonly EnvRead[]): string {
  const groups = new Map<string, string[]>();
  for (const read of reads)
    groups.set(whenUnset(read), [...(groups.get(whenUnset(read)) ?? []), read.reader]);
  if (groups.size === 1) return [...groups.keys()][0]!;
  return [...groups].map(([outcome, readers]) => `${outcome} (${readers.join(', ')})`).join('; ');
}

/** env-meanings.ts must name exactly the variables the code reads (all of them). */
export function assertMeanings(reads: readonly EnvRead[]): void {
  const names = new Set(reads.map((r) => r.name));
  const missing = [...names].filter((n) => !ENV_MEANINGS[n]);
  const stale = Object.keys(ENV_MEANINGS).filter((n) => !names.has(n));
  if (missing.length || stale.length)
    throw new Error(
      `infra/docs/env-meanings.ts: say what ${missing.join(', ') || '—'} mean(s); ` +
        `no code reads ${stale.join(', ') || '—'} any more.`,
    );
}

/** The environment table: each variable, who reads it, what happens when unset, its meaning. */
export function envTable(reads: readonly EnvRead[]): string {
  const names = [...new Set(reads.map((r) => r.name))];
  const rank = (name: string) =>
    Math.min(...reads.filter((r) => r.name === name).map((r) => r.rank));
  const rows = names
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((name) => {
      const mine = byReader(reads.filter((r) => r.name === name));
      return [
        code(name),
        mine.map((r) => r.reader).join(', '),
        outcomes(mine),
        ENV_MEANINGS[name]!,
      ];
    });
  return markdownTable(['variable', 'read by', 'when unset', 'meaning'], rows);
}
