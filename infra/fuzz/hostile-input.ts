// What a hostile or broken client sends to an endpoint, generated from its definition
// (packages/contracts): malformed, oversized, deeply nested and wrongly typed parameters,
// queries and bodies. Every body is one the definition refuses, so no request may write.
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { z } from 'zod';
import type { AnyEndpoint } from '@cuota/contracts/http/endpoint';
import { pathParamNames } from '@cuota/contracts/http/route-path';

export interface HostileRequest {
  path: string;
  headers: Record<string, string>;
  /** Bytes or text exactly as sent; undefined sends none. */
  body?: string | Buffer;
  /** What the request tries, for the failure message. */
  label: string;
}

/** How fast-check prints a counterexample: what it tried and where, not 150 kB of body. */
function described(request: HostileRequest): HostileRequest {
  return Object.assign(request, {
    [fc.toStringMethod]: () =>
      `${request.label} at ${request.path.slice(0, 300)} ${JSON.stringify(request.headers)}`,
  });
}

/** Ids that exist in the demo school: with them a request gets past "not found". */
export interface KnownIds {
  schoolId: string;
  guardianId: string;
  studentId: string;
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** Segments that are not what a path parameter holds, some not even valid percent-encoding. */
const RAW_SEGMENTS = ['%E0%A4%A', '%', '%zz', '%00', '%2e%2e', '..', '%2F', '-1', '0', ' '];

function paramValue(known: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.uuid().map(encodeURIComponent),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map(encodeURIComponent),
    fc.string({ minLength: 300, maxLength: 600 }).map(encodeURIComponent),
    fc.constantFrom(...RAW_SEGMENTS).map((s) => (s === ' ' ? '%20' : s)),
    ...(known.length ? [fc.constantFrom(...known)] : []),
  );
}

function fillWith(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => values[name]!);
}

/** Keys the query schema names, so wrong values reach its validation, and random ones. */
function queryKeys(endpoint: AnyEndpoint): string[] {
  const shape = (endpoint.query as z.ZodObject | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

const queryValue = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('-1', '0', '1e309', 'NaN', 'true', '[]', '{}', 'null', '%00', '\u0000'),
  fc.integer().map(String),
  fc.string({ minLength: 1_000, maxLength: 2_000 }),
);

/**
 * Node refuses a request line and headers over 16 kB itself (431, connection closed): queries
 * are kept under that, so what answers is ours.
 */
const MAX_QUERY = 6_000;

function query(endpoint: AnyEndpoint): fc.Arbitrary<string> {
  const key = fc.oneof(
    ...(queryKeys(endpoint).length ? [fc.constantFrom(...queryKeys(endpoint))] : []),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
    fc.constantFrom('a[b][c][d][e][f][g]', 'x[]', '__proto__', 'constructor[prototype]'),
  );
  return fc
    .array(fc.tuple(key, queryValue), { maxLength: 6 })
    .map((pairs) =>
      pairs.length
        ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`.slice(
            0,
            MAX_QUERY,
          )
        : '',
    );
}

/** A value the schema refuses: the candidate itself, or it put where an object cannot be. */
function refusedBy(schema: z.ZodType | undefined, candidate: unknown): unknown {
  if (!schema) return candidate;
  for (const value of [candidate, [candidate], 'texto', -1, null])
    if (!schema.safeParse(value).success) return value;
  return undefined;
}

/** An object with the schema's own keys, each holding something of another type. */
function wronglyTyped(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  const shape = (schema as z.ZodObject | undefined)?.shape;
  const keys = shape ? Object.keys(shape) : ['id'];
  return fc.record(
    Object.fromEntries(
      keys.map((k) => [
        k,
        fc.oneof(
          fc.anything({ maxDepth: 3 }),
          fc.constantFrom('', '\u0000', 'x'.repeat(5000), -1, 1e308, true, [], {}),
        ),
      ]),
    ),
    { requiredKeys: [] },
  );
}

const deepJson = fc
  .integer({ min: 33, max: 20_000 })
  .chain((depth) =>
    fc
      .constantFrom('[', '{"a":')
      .map((open) => open.repeat(depth) + (open === '[' ? ']' : '1}').repeat(depth)),
  );

/** The body variants; `json` is a value the endpoint's body schema refuses. */
function body(endpoint: AnyEndpoint): fc.Arbitrary<Omit<HostileRequest, 'path'>> {
  const schema = endpoint.body;
  const refused = fc
    .oneof(fc.anything({ maxDepth: 4 }), wronglyTyped(schema))
    .map((v) => refusedBy(schema, v))
    .filter((v) => v !== undefined);
  return fc.oneof(
    refused.map((v) => ({
      label: 'wrongly typed JSON',
      headers: JSON_TYPE,
      body: JSON.stringify(v),
    })),
    deepJson.map((text) => ({ label: 'deeply nested JSON', headers: JSON_TYPE, body: text })),
    fc.constant({
      label: 'oversized JSON',
      headers: JSON_TYPE,
      body: JSON.stringify({ a: 'x'.repeat(150_000) }),
    }),
    fc
      .string({ unit: 'binary', minLength: 1, maxLength: 200 })
      .map((text) => ({ label: 'malformed JSON', headers: JSON_TYPE, body: `{${text}` })),
    refused.map((v) => ({
      label: 'corrupt gzip',
      headers: { ...JSON_TYPE, 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify(v)).subarray(0, 15),
    })),
    fc
      .constantFrom('text/plain', 'application/xml', 'multipart/form-data; boundary=x')
      .map((type) => ({
        label: `a ${type} body`,
        headers: { 'content-type': type },
        body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--',
      })),
  );
}

/**
 * Hostile requests for one endpoint. Known record ids go into the path only when the body is
 * one the definition refuses, or the method reads: a valid mutation of a real record is not
 * hostile input, it is a change.
 */
export function hostileRequests(
  endpoint: AnyEndpoint,
  known: KnownIds,
): fc.Arbitrary<HostileRequest> {
  const reads = endpoint.method === 'GET';
  const ids = reads || endpoint.body ? [known.schoolId, known.guardianId, known.studentId] : [];
  const params = fc.record(
    Object.fromEntries(pathParamNames(endpoint.path).map((n) => [n, paramValue(ids)])),
  );
  const idempotencyKey = fc.option(
    fc.oneof(fc.uuid(), fc.constantFrom('corta', 'ñ'.repeat(10), 'x'.repeat(300))),
  );
  const sent = reads
    ? fc.constant<Omit<HostileRequest, 'path'>>({ label: 'no body', headers: {} })
    : body(endpoint);
  return fc
    .tuple(params, query(endpoint), sent, idempotencyKey)
    .map(([values, search, request, key]) =>
      described({
        ...request,
        path: fillWith(endpoint.path, values) + search,
        headers: {
          ...request.headers,
          ...(key === null ? {} : { 'idempotency-key': encodeURIComponent(key) }),
        },
      }),
    );
}
