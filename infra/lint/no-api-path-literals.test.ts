import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Every path of Cuota's API is written once, in its definition (@cuota/contracts): the
 * browser calls it from there (method, path and answer), and the BFF mounts, forwards and
 * links to it from there. A path written by hand in the shell, a remote, web-core or the BFF
 * drifts from what is served, so none may appear outside tests, whether quoted, in a
 * template or after a `${…}`.
 */
const ROOT = path.resolve(__dirname, '../..');
const API_PATH =
  /[`'"}]\/(?:api\/[\w.-]|v\d+\/|auth\/|academic-coordinator|book-keeper|backoffice|communications)/;

const isTest = (name: string) => /\.test\.tsx?$/.test(name) || name === 'test-support';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (isTest(entry.name)) return [];
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const sourcesOf = (...dirs: string[]) => dirs.flatMap((d) => sourceFiles(path.join(ROOT, d)));
const remotes = readdirSync(ROOT).filter((name) => name.startsWith('mfe-'));

/** `file:line: text` for every line that names an API path. */
function pathLiterals(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) =>
      API_PATH.test(line) ? [`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [],
    );
}

test.each([
  "url: '/api/v1/students/'",
  'fetch("/api/v2/schools/x/")',
  'const p = `/api/v4/dashboard/${id}/`',
  'return `${origin}/api/v1/users/me/`',
  "query: () => '/v1/users/me/'",
  "'/academic-coordinator/sections/'",
  '`/book-keeper/payments/`',
  "'/backoffice/memberships/'",
  "'/communications/templates/'",
  "postForm('/api/auth/signout')",
  "fetch('/api/remotes')",
  "app.use('/api/trpc', trpc)",
  "router.post('/auth/token/', handler)",
  '<a href="/api/openapi.json">',
])('the guard recognises %s', (line) => {
  expect(API_PATH.test(line)).toBe(true);
});

test.each([
  '/** GET /api/v1/schools/{id}/ answers the whole school. */',
  "navigate('/dashboard/students')",
  "import { x } from '@cuota/contracts/enrolment/endpoints/levels';",
  "`/${e.path.split('/')[1]}`",
])('the guard lets %s be', (line) => {
  expect(API_PATH.test(line)).toBe(false);
});

test.each([
  ['the remotes and web-core', [...remotes.map((r) => `${r}/src`), 'packages/web-core/src']],
  ['the shell', ['shell/src']],
  ['the BFF', ['bff/src']],
])('no source of %s outside tests names an API path: it reads the definition', (_, dirs) => {
  const files = sourcesOf(...dirs);
  // A wrong ROOT or folder would find nothing and pass.
  expect(files.length).toBeGreaterThan(5);
  expect(files.flatMap(pathLiterals)).toEqual([]);
});
