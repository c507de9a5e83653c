/**
 * Test-only: SW's and SAT's published examples (published/*.json) as data, for the contract
 * tests of the sandbox and of the invoicing adapter. Each file names its source.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface PublishedExample {
  source: string[];
  notes?: string[];
  request?: {
    method: string;
    path?: string;
    headers?: Record<string, string>;
    body?: unknown;
    multipart?: Record<string, string>[];
  };
  response?: { http_status: number | null; content_type?: string; body: unknown };
  [detail: string]: unknown;
}

export type PublishedName =
  | 'sat-consulta'
  | 'sw-authenticate'
  | 'sw-authenticate-error'
  | 'sw-cancel-csd'
  | 'sw-cancel-error'
  | 'sw-cancel-folio-codes'
  | 'sw-error-messages'
  | 'sw-stamp-previous'
  | 'sw-stamp-v4';

export function publishedExample(name: PublishedName): PublishedExample {
  // Jest runs tests as CommonJS.
  const file = path.join(__dirname, 'published', `${name}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as PublishedExample;
}

/** The JSON body of a published answer. */
export function publishedBody<T = Record<string, unknown>>(name: PublishedName): T {
  return publishedExample(name).response!.body as T;
}

/** A value's shape: its keys, recursively, and the type of each leaf. */
export function shapeOf(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.map(shapeOf);
  if (typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, child]) => [key, shapeOf(child)]),
    );
  return typeof value;
}
