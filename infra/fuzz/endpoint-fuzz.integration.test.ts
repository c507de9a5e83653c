import fc from 'fast-check';
import { ALL_ENDPOINTS } from '@cuota/contracts/http/all-endpoints';
import { endpointKey, type AnyEndpoint } from '@cuota/contracts/http/endpoint';
import { startFuzzSystem, type Browser, type FuzzSystem } from './fuzz-system.ts';
import { hostileRequests, type HostileRequest, type KnownIds } from './hostile-input.ts';

/**
 * Every endpoint definition, fuzzed through the BFF against the real services (issue 9): as
 * a visitor, a guardian and a school's owner, with malformed, oversized, deeply nested and
 * wrongly typed parameters, queries and bodies. Nothing may answer 5xx and nothing may be
 * written in any service's database.
 *
 * CUOTA_FUZZ_RUNS sets the requests per endpoint and caller (default 4: about 3,500 requests,
 * half a minute); CUOTA_FUZZ_SEED replays a run fast-check reported (README, "Fuzzing").
 */
const RUNS = Number(process.env.CUOTA_FUZZ_RUNS ?? 4);
const SEED = process.env.CUOTA_FUZZ_SEED ? Number(process.env.CUOTA_FUZZ_SEED) : undefined;

/** Would end the browser's session, and with it the rest of the run as that caller. */
const ENDS_THE_SESSION = new Set(['identity.auth.signout']);

let system: FuzzSystem;
let known: KnownIds;
let rowsBefore: Record<string, string>;
const answered = new Map<number, number>();

beforeAll(async () => {
  system = await startFuzzSystem();
  const staff = system.browsers.find((b) => b.kind === 'staff')!;
  const me = await system.browsers
    .find((b) => b.kind === 'guardian')!
    .agent.get('/api/v1/guardians/me/');
  known = {
    schoolId: system.demo.school_id,
    guardianId: system.demo.guardian_id,
    studentId: (me.body as { dependents: { id: string }[] }).dependents[0]!.id,
  };
  expect((await staff.agent.get(`/api/v1/schools/${known.schoolId}/`)).status).toBe(200);
  await system.settle();
  rowsBefore = await system.rows();
}, 120_000);

afterAll(async () => {
  const summary = [...answered].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
  console.info(`fuzz: ${RUNS} per endpoint and caller; statuses ${summary.join(', ')}`);
  await system?.stop();
});

async function send(browser: Browser, endpoint: AnyEndpoint, hostile: HostileRequest) {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  let call = browser.agent[method](hostile.path).set('x-csrf-token', browser.csrfToken);
  for (const [name, value] of Object.entries(hostile.headers)) call = call.set(name, value);
  const res = await (hostile.body === undefined ? call : call.send(hostile.body));
  answered.set(res.status, (answered.get(res.status) ?? 0) + 1);
  return res;
}

describe.each(['anonymous', 'guardian', 'staff'] as const)('as %s', (kind) => {
  const endpoints = ALL_ENDPOINTS.filter(
    (e) => kind === 'anonymous' || !ENDS_THE_SESSION.has(e.name),
  );

  test(`every endpoint answers hostile input with a 4xx`, async () => {
    const browser = system.browsers.find((b) => b.kind === kind)!;
    for (const endpoint of endpoints)
      await fc.assert(
        fc.asyncProperty(hostileRequests(endpoint, known), async (hostile) => {
          const res = await send(browser, endpoint, hostile);
          if (res.status >= 500)
            throw new Error(
              `${endpointKey(endpoint)} as ${kind}, ${hostile.label}: ${res.status} ` +
                `${hostile.path} → ${res.text.slice(0, 300)}`,
            );
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
  }, 600_000);
});

test('nothing was written in any service', async () => {
  await system.settle();
  expect(await system.rows()).toEqual(rowsBefore);
});
