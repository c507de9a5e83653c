// `npm run build`: bundles every Node part and builds every web app (each workspace's own
// `build` script), two at a time.
import { listWorkspaces, repoRoot } from '../lib/workspaces.ts';
import { runCommand, runLimited } from '../lib/run-command.ts';

export async function buildAll(options: { quiet?: boolean } = {}): Promise<void> {
  const started = Date.now();
  const parts = listWorkspaces().filter((w) => w.scripts.build);
  await runLimited(
    2,
    parts.map(
      (w) => () =>
        runCommand(w.dir, 'npm', ['run', 'build', '--silent', '-w', w.dir], {
          cwd: repoRoot,
          quiet: options.quiet,
        }),
    ),
  );
  console.log(`built ${parts.length} parts in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.main) await buildAll({ quiet: process.argv.includes('--quiet') });
