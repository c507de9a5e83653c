import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');

/**
 * The ports, environment variables and events tables of docs/architecture.md and README.md
 * are the code's own: after a change to a profile, an env schema, a `process.env` read or an
 * event, `npm run docs` rewrites them, and this fails until it has. (The generator runs as
 * its own process: Prettier, which formats the tables, does not load inside Jest.)
 */
test('the generated sections of the docs match the code (run npm run docs)', async () => {
  const outcome = await run(process.execPath, ['infra/docs/generate-docs.ts', '--check'], {
    cwd: root,
  }).then(
    () => 'up to date',
    (err: { stderr: string }) => err.stderr.trim(),
  );
  expect(outcome).toBe('up to date');
}, 60_000);
