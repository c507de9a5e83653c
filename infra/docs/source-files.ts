import fs from 'node:fs';
import path from 'node:path';

/** Folders that are built, installed or local state, never the repository's own files. */
const SKIPPED = new Set(['node_modules', 'dist', 'coverage', '.git', '.cuota', '@mf-types']);

/** Every file of the repository (relative, `/`-separated), without builds and installs. */
export function repositoryFiles(root: string, under = ''): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, under), { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const relative = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...repositoryFiles(root, relative));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}

export const isTestFile = (file: string) =>
  /\.(test|integration\.test|e2e\.test)\.tsx?$/.test(file) || file.includes('/test-support/');
