import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { envReads } from './env-reads.ts';
import { assertMeanings, envTable } from './env-table.ts';
import { eventTable } from './event-table.ts';
import { replaceSection } from './markdown.ts';
import { portTable } from './port-table.ts';
import { repositoryFiles } from './source-files.ts';

/** The sections `npm run docs` writes, by file: marker name → Markdown. */
function sections(root: string): Record<string, Record<string, string>> {
  const files = repositoryFiles(root);
  const reads = envReads(root, files);
  assertMeanings(reads);
  const ports = portTable();
  return {
    'docs/architecture.md': {
      ports,
      environment: envTable(reads),
      events: eventTable(root, files),
    },
    'README.md': {
      ports,
      environment: envTable(reads.filter((r) => r.reader === 'launcher')),
    },
  };
}

/** Each generated file as it should read: its sections regenerated, formatted by Prettier. */
export async function generatedDocs(root: string): Promise<Map<string, string>> {
  const docs = new Map<string, string>();
  for (const [file, named] of Object.entries(sections(root))) {
    const absolute = path.join(root, file);
    let text = fs.readFileSync(absolute, 'utf8');
    for (const [name, body] of Object.entries(named)) text = replaceSection(text, name, body);
    const options = await prettier.resolveConfig(absolute);
    docs.set(file, await prettier.format(text, { ...options, filepath: absolute }));
  }
  return docs;
}
