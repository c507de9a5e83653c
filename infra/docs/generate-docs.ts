// `npm run docs`: regenerates the marked sections of docs/architecture.md and README.md (ports,
// environment variables, events) from the code. With `--check` it writes nothing and fails
// when a file is not what it would write (generated-docs.test.ts runs that).
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../lib/workspaces.ts';
import { generatedDocs } from './generated-docs.ts';

const check = process.argv.includes('--check');
const stale: string[] = [];
for (const [file, text] of await generatedDocs(repoRoot)) {
  const absolute = path.join(repoRoot, file);
  if (fs.readFileSync(absolute, 'utf8') === text) continue;
  if (check) stale.push(file);
  else fs.writeFileSync(absolute, text);
  if (!check) console.log(`wrote ${file}`);
}
if (stale.length) {
  console.error(`Not what the code says: ${stale.join(', ')}. Run npm run docs and commit.`);
  process.exitCode = 1;
}
