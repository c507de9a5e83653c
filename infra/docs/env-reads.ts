import fs from 'node:fs';
import path from 'node:path';
import { isTestFile } from './source-files.ts';

/** One place that reads a variable: who, and what it does when the variable is unset. */
export interface EnvRead {
  name: string;
  reader: string;
  /** The reader's place in READERS: the table lists the BFF's variables first, and so on. */
  rank: number;
  /** The value used when unset, as written in code; `undefined` when there is none. */
  fallback?: string;
  required: boolean;
}

/**
 * The parts whose code reads the environment, each with the name the docs give it, in the
 * order the table lists them. Only these files are read; a new place that reads variables
 * needs a line here.
 */
const READERS: [RegExp, string][] = [
  [/^bff\/src\//, 'BFF'],
  [/^packages\/service-host\/src\//, 'every service'],
  [/^packages\/service-runtime\/src\//, 'BFF and services'],
  [/^services\/([^/]+)\/src\/(?!seed-main|ledger-check-main|operator-main)/, '$1'],
  [/^services\/([^/]+)\/src\/seed-main\.ts$/, '$1 seed'],
  [/^services\/[^/]+\/src\/ledger-check-main\.ts$/, '`npm run ledger:check`'],
  [/^services\/[^/]+\/src\/operator-main\.ts$/, '`npm run operator`'],
  [/^packages\/messaging\/src\/dead-letters-cli\.ts$/, '`npm run dead-letters`'],
  [/^infra\/launcher\//, 'launcher'],
  [/^infra\/sandboxes\/([^/]+)\//, '$1 sandbox'],
  [/^infra\/static-server\//, 'static server'],
  [/^(shell|mfe-[a-z]+)\/webpack\.config\.mjs$/, '$1 build'],
  [/^packages\/testing\/src\//, 'tests'],
];

/** Benchmarks have their own variables, documented with them (docs/benchmarks.md). */
const isBenchmark = (file: string) => /bench/.test(file);

function readerOf(file: string): Pick<EnvRead, 'reader' | 'rank'> | undefined {
  if (isTestFile(file) || isBenchmark(file) || !/\.(ts|mjs)$/.test(file)) return undefined;
  const rank = READERS.findIndex(([pattern]) => pattern.test(file));
  if (rank < 0) return undefined;
  const [pattern, label] = READERS[rank]!;
  return { reader: pattern.exec(file)![0].replace(pattern, label), rank };
}

/** Every variable the code reads: readEnv schemas' keys and `process.env.NAME` look-ups. */
export function envReads(root: string, files: readonly string[]): EnvRead[] {
  return files.flatMap((file) => {
    const reader = readerOf(file);
    if (!reader) return [];
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    return [...schemaReads(source, reader), ...directReads(source, reader)];
  });
}

/** `NAME: z.…` keys of the zod object a file hands to readEnv (service-runtime/config). */
function schemaReads(source: string, reader: Pick<EnvRead, 'reader' | 'rank'>): EnvRead[] {
  if (!source.includes('readEnv(')) return [];
  const keys = [...source.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)];
  return keys.map((key, i) => {
    const next = keys[i + 1]?.index ?? source.indexOf('});', key.index);
    const schema = source.slice(key.index + key[0].length, next);
    const fallback = argumentOf(schema, '.default(');
    const required = fallback === undefined && !schema.includes('.optional()');
    return { name: key[1]!, ...reader, fallback, required };
  });
}

/** `process.env.NAME` (or an `env` alias of it), with the `?? value` after it when there is one. */
function directReads(source: string, reader: Pick<EnvRead, 'reader' | 'rank'>): EnvRead[] {
  const reads = source.matchAll(
    /\b(?:process\.)?env\.([A-Z][A-Z0-9_]*)\b(\s*(?:\?\?|\|\|)\s*('[^']*'|[\d_]+))?/g,
  );
  return [...reads].map((m) => ({
    name: m[1]!,
    ...reader,
    fallback: m[3] === undefined || m[3] === "''" ? undefined : m[3],
    required: false,
  }));
}

/** The text inside `opening…)`, parentheses balanced. */
function argumentOf(text: string, opening: string): string | undefined {
  const from = text.indexOf(opening);
  if (from < 0) return undefined;
  let depth = 1;
  for (let i = from + opening.length; i < text.length; i++) {
    if (text[i] === '(') depth++;
    if (text[i] === ')' && --depth === 0) return text.slice(from + opening.length, i);
  }
  return undefined;
}
