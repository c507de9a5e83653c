import fs from 'node:fs';
import path from 'node:path';
import { ALL_ENDPOINTS } from '@cuota/contracts/http/all-endpoints';
import { endpointKey } from '@cuota/contracts/http/endpoint';
import {
  codeName,
  codeSpans,
  endpointsOf,
  headingAnchors,
  isPathSpan,
  linkTargets,
  pathPattern,
} from './doc-references';
import { repositoryFiles } from './source-files';

/**
 * The docs a newcomer reads first name only what exists: every repository path, code name and
 * endpoint they mention, and every link. Renaming or deleting a file, a function or an
 * endpoint without fixing these docs fails here.
 */
const root = path.resolve(__dirname, '../..');
const DOCS = ['docs/architecture.md', 'docs/permissions.md', 'README.md'];

const files = repositoryFiles(root);
const entries = [
  ...new Set(
    files.flatMap((f) => f.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'))),
  ),
];
const topLevel = new Set(entries.filter((e) => !e.includes('/')));
const source = files
  .filter((f) => /\.(ts|tsx|mjs|cjs|js|json|sql)$/.test(f) && !f.endsWith('package-lock.json'))
  .map((f) => fs.readFileSync(path.join(root, f), 'utf8'))
  .join('\n');
const identifiers = new Set(source.match(/[A-Za-z_$][\w$]*/g));
const specRows = new Set(
  fs
    .readFileSync(path.join(root, 'docs/spec/api-paths.tsv'), 'utf8')
    .split('\n')
    .map((line) => line.split('\t').slice(0, 2).join(' ')),
);
const endpoints = new Set([...ALL_ENDPOINTS.map(endpointKey), ...specRows]);

describe.each(DOCS)('%s', (doc) => {
  const markdown = fs.readFileSync(path.join(root, doc), 'utf8');
  const spans = codeSpans(markdown);

  test('every repository path it names exists', () => {
    const missing = spans
      .filter((s) => isPathSpan(s, topLevel))
      .filter((s) => {
        const pattern = pathPattern(s, topLevel.has(s.split('/')[0]!));
        return !entries.some((e) => pattern.test(e));
      });
    expect(missing).toEqual([]);
  });

  test('every function, type, constant and variable it names is in the code', () => {
    const missing = spans.map(codeName).filter((n) => n !== undefined && !identifiers.has(n));
    expect(missing).toEqual([]);
  });

  test('every endpoint it names is a definition or a row of the specification', () => {
    const missing = spans.flatMap(endpointsOf).filter((e) => !endpoints.has(e));
    expect(missing).toEqual([]);
  });

  test('every link it holds leads to a file and heading that exist', () => {
    const broken = linkTargets(markdown).filter((target) => {
      const [file, anchor] = target.split('#');
      const absolute = path.resolve(path.dirname(path.join(root, doc)), file || path.basename(doc));
      if (!fs.existsSync(absolute)) return true;
      return Boolean(anchor) && !headingAnchors(fs.readFileSync(absolute, 'utf8')).has(anchor!);
    });
    expect(broken).toEqual([]);
  });
});

test("README's architecture names every shared package and every infra folder", () => {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const named = new Set(codeSpans(readme));
  const folders = ['packages', 'infra'].flatMap((parent) =>
    fs
      .readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== 'node_modules')
      .map((d) => d.name),
  );
  expect(folders.filter((f) => !named.has(f))).toEqual([]);
});
