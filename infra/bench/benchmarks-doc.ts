import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../lib/workspaces.ts';

const file = path.join(repoRoot, 'docs', 'benchmarks.md');
const HEADER = `# Benchmarks

Produced by \`npm run bench\` (infra/bench/run.ts) on the development machine: 2 cores,
24 GiB, PostgreSQL 15, Redis 7, NATS 2.9, Node 24. Each section is rewritten by the run that
measures it; ratios compare against a baseline measured in the same run, so they travel
between machines better than the absolute numbers.
`;

/** Replaces (or appends) the section between `<!-- bench:id -->` markers. */
export function writeSection(id: string, markdown: string): void {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : HEADER;
  const start = `<!-- bench:${id} -->`;
  const end = `<!-- /bench:${id} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  const next = pattern.test(current)
    ? current.replace(pattern, block)
    : `${current.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, next);
}
