import fs from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export interface Workspace {
  dir: string;
  name: string;
  scripts: Record<string, string>;
}

/** The workspaces the root package.json lists, read from disk (globs of one level only). */
export function listWorkspaces(): Workspace[] {
  const root = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const dirs = (root.workspaces as string[]).flatMap((pattern) =>
    pattern.endsWith('/*')
      ? fs
          .readdirSync(path.join(repoRoot, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => path.join(pattern.slice(0, -2), d.name))
      : [pattern],
  );
  return dirs
    .filter((dir) => fs.existsSync(path.join(repoRoot, dir, 'package.json')))
    .map((dir) => {
      const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8'));
      return { dir, name: pkg.name, scripts: pkg.scripts ?? {} };
    });
}
