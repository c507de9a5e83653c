/** @jest-environment node */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Every call from the browser reads its endpoint definition (@cuota/contracts): method, path
 * and answer. A path written by hand in web code drifts from what the BFF serves, so none
 * may appear outside tests, whether quoted, in a template or after a `${…}`.
 */
const ROOT = path.resolve(__dirname, '../../../..');
const API_PATH =
  /[`'"}]\/(?:api\/(?:v\d+|auth)\b|v\d+\/|academic-coordinator|book-keeper|backoffice|communications)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const webSources = () => [
  ...readdirSync(ROOT)
    .filter((name) => name.startsWith('mfe-'))
    .flatMap((name) => sourceFiles(path.join(ROOT, name, 'src'))),
  ...sourceFiles(path.join(ROOT, 'packages/web-core/src')),
];

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
])('the guard recognises %s', (line) => {
  expect(API_PATH.test(line)).toBe(true);
});

test.each([
  '/** GET /api/v1/schools/{id}/ answers the whole school. */',
  "navigate('/dashboard/students')",
  "import { x } from '@cuota/contracts/enrolment/endpoints/levels';",
])('the guard lets %s be', (line) => {
  expect(API_PATH.test(line)).toBe(false);
});

test('no web source outside tests names an API path: each call reads its definition', () => {
  const files = webSources();
  // The three remotes and web-core: a wrong ROOT would find nothing and pass.
  expect(files.length).toBeGreaterThan(100);
  expect(files.flatMap(pathLiterals)).toEqual([]);
});
