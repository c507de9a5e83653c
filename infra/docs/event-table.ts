import fs from 'node:fs';
import path from 'node:path';
import { isTestFile } from './source-files.ts';
import { code, markdownTable } from './markdown.ts';

const EVENTS = 'packages/contracts/src/events';

interface EventFile {
  /** `<domain>.<entity>.<verb>`: also the NATS subject. */
  subject: string;
  /** The import specifier every reader uses. */
  module: string;
  meaning: string;
}

/** The doc comment right above `export const <name>`, on one line. */
function docAbove(source: string, name: string): string | undefined {
  const at = source.indexOf(`export const ${name} `);
  const before = source.slice(0, Math.max(at, 0)).trimEnd();
  if (at < 0 || !before.endsWith('*/')) return undefined;
  return before
    .slice(before.lastIndexOf('/**') + 3, -2)
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trim())
    .join(' ')
    .trim();
}

/** Each event of packages/contracts/src/events and what its definition's comment says. */
function eventFiles(root: string): EventFile[] {
  return fs
    .readdirSync(path.join(root, EVENTS))
    .filter((f) => /\.v\d+\.ts$/.test(f))
    .sort()
    .map((file) => {
      const source = fs.readFileSync(path.join(root, EVENTS, file), 'utf8');
      const defined = /export const (\w+) = defineEvent\(\s*'([^']+)',\s*(\w+)/.exec(source);
      if (!defined) throw new Error(`${EVENTS}/${file}: no defineEvent('<subject>', schema).`);
      const [, name, subject, schema] = defined;
      const meaning = docAbove(source, name!) ?? docAbove(source, schema!);
      if (!meaning) throw new Error(`${EVENTS}/${file}: say what ${subject} means in a comment.`);
      return { subject: subject!, module: `@cuota/contracts/events/${file.slice(0, -3)}`, meaning };
    });
}

/** The part a source file belongs to: `billing`, `bff`, or a package's module specifier. */
function partOf(file: string): string | undefined {
  const service = /^services\/([^/]+)\/src\//.exec(file)?.[1];
  if (service) return service;
  if (file.startsWith('bff/src/')) return 'BFF';
  const module = /^packages\/([^/]+)\/src\/(.+)\.tsx?$/.exec(file);
  return module && module[1] !== 'contracts' ? `@cuota/${module[1]}/${module[2]}` : undefined;
}

/**
 * Who reads each event: the services (and BFF) whose code imports its module, directly or
 * through a shared package's module that does (a shared consumer); never contracts' schemas
 * that reuse another event's shape.
 */
function readersOf(sources: ReadonlyMap<string, string>, module: string): string[] {
  const importers = (specifier: string) =>
    [...sources].filter(([, text]) => text.includes(`'${specifier}'`)).map(([f]) => f);
  const direct = importers(module).map((f) => partOf(f)!);
  const throughPackages = direct.filter((p) => p.startsWith('@cuota/')).flatMap(importers);
  const parts = [...direct, ...throughPackages.map((f) => partOf(f)!)];
  return [...new Set(parts.filter((p) => !p.startsWith('@cuota/')))].sort();
}

/** The event table: subject, publisher (its domain's service), readers and meaning. */
export function eventTable(root: string, files: readonly string[]): string {
  const sources = new Map(
    files
      .filter((f) => !isTestFile(f) && /\.tsx?$/.test(f) && partOf(f))
      .map((f) => [f, fs.readFileSync(path.join(root, f), 'utf8')]),
  );
  const rows = eventFiles(root).map(({ subject, module, meaning }) => {
    const publisher = subject.split('.')[0]!;
    const readers = readersOf(sources, module).filter((p) => p !== publisher);
    return [code(subject), publisher, readers.join(', ') || '—', meaning];
  });
  return markdownTable(['event', 'published by', 'read by', 'what it says'], rows);
}
