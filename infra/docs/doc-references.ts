/**
 * What a Markdown document names in backticks or links: repository paths, code names and
 * endpoints. doc-references.test.ts checks each one against the tree.
 */

/** `…` spans outside fenced blocks (those are commands to copy, not references). */
export function codeSpans(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());
}

/** Targets of `[text](target)` links inside the repository (no URL, no bare anchor). */
export function linkTargets(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((t) => !/^(https?:|mailto:|#)/.test(t));
}

/** Files the build writes: named in the docs, never in the repository. */
const BUILT = new Set(['mf-manifest.json', 'remoteEntry.js']);

const EXTENSION = /\.(ts|tsx|mjs|cjs|js|json|md|tsv|sql|ya?ml|html)$/;

/**
 * A span that names a file or folder: starts with one of the repository's top-level entries
 * (`bff/src/app.ts`, `infra/fuzz/`), or ends with a file extension (`src/http/endpoint.ts`,
 * `access.ts`: some file's path must end with it). URLs, API paths, commands and build
 * output (`dist/`) are not paths of the repository.
 */
export function isPathSpan(span: string, topLevel: ReadonlySet<string>): boolean {
  if (/\s|^([/@~]|\.\.)|:\/\/|(^|\/)dist(\/|$)/.test(span) || BUILT.has(span)) return false;
  return topLevel.has(span.split('/')[0]!)
    ? span.includes('/') || EXTENSION.test(span)
    : EXTENSION.test(span);
}

/**
 * A path pattern: `<name>` and `*` stand for one segment, `{a,b}` for either, `…` for
 * anything. Anchored at the start when the span starts at the top level, else at a `/`.
 */
export function pathPattern(span: string, anchored: boolean): RegExp {
  const body = span
    .replace(/\/$/, '')
    .split(/(<[^>]+>|\*|\{[^}]+\}|…)/)
    .map((part) => {
      if (/^(<[^>]+>|\*)$/.test(part)) return '[^/]+';
      if (part === '…') return '.*';
      if (/^\{.+\}$/.test(part)) return `(${part.slice(1, -1).split(',').map(escape).join('|')})`;
      return escape(part);
    })
    .join('');
  return new RegExp(`${anchored ? '^' : '(^|/)'}${body}(/|$)`);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A span that names code: `camelCase`, `PascalCase` with two words or more, `UPPER_SNAKE`,
 * each optionally called (`grants()`, `startService(definition)`) or set (`CUOTA_VERBOSE=1`).
 * Returns the bare name.
 */
export function codeName(span: string): string | undefined {
  const name = span.replace(/\(.*\)$|=.*$/, '');
  const looksLikeCode =
    /^[a-z][a-z0-9]*[A-Z]\w*$/.test(name) ||
    /^[A-Z][a-z0-9]+[A-Z]\w*$/.test(name) ||
    /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(name) ||
    (span.endsWith(')') && /^[a-z]\w*$/.test(name));
  return looksLikeCode && !name.includes('*') ? name : undefined;
}

/**
 * `METHOD /path` spans (a query string dropped), `{a,b}` in the path standing for each
 * endpoint: the endpoints the docs name.
 */
export function endpointsOf(span: string): string[] {
  const m = /^(GET|POST|PUT|PATCH|DELETE) (\/[^\s?…]+)(\?\S*)?$/.exec(span);
  if (!m) return [];
  const choice = /\{([^}]*,[^}]*)\}/.exec(m[2]!);
  if (!choice) return [`${m[1]} ${m[2]}`];
  return choice[1]!.split(',').flatMap((option) => endpointsOf(span.replace(choice[0], option)));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchors(markdown: string): Set<string> {
  return new Set(
    [...markdown.matchAll(/^#+\s+(.+)$/gm)].map((m) =>
      m[1]!
        .toLowerCase()
        .replace(/`/g, '')
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .trim()
        .replace(/\s/g, '-'),
    ),
  );
}
