import { setTimeout as sleep } from 'node:timers/promises';
import { jetstreamManager } from '@nats-io/jetstream';
import { createTestNamespace, type TestNamespace } from '@cuota/testing/test-namespace';
import { streamOf, subjectOf } from './naming';
import { ensureStream } from './streams';

let ns: TestNamespace;
beforeAll(async () => {
  ns = await createTestNamespace();
});
afterAll(() => ns.dispose());

/** Another stream holding the domain's subjects, as a cluster may see one mid-change. */
async function squat(domain: string) {
  const jsm = await jetstreamManager(ns.nc);
  const name = `${ns.prefix.toUpperCase()}_SQUATTER_${domain}`;
  await jsm.streams.add({ name, subjects: [subjectOf(ns, `${domain.toLowerCase()}.>`)] });
  return () => jsm.streams.delete(name);
}

test('a stream the server refuses for a moment is made on a later try', async () => {
  const leave = await squat('LEDGER');
  const ensured = ensureStream(ns.nc, ns, 'LEDGER');
  await sleep(100);
  await leave();
  await expect(ensured).resolves.toBe(streamOf(ns, 'LEDGER'));
});

test('one still refused after every try fails the start with the server’s reason', async () => {
  await squat('ORDERS');
  await expect(ensureStream(ns.nc, ns, 'ORDERS')).rejects.toThrow(/subjects overlap/);
});

test('instances starting at once all find the one stream', async () => {
  const names = await Promise.all(
    Array.from({ length: 5 }, () => ensureStream(ns.nc, ns, 'PAYMENTS')),
  );
  expect(new Set(names)).toEqual(new Set([streamOf(ns, 'PAYMENTS')]));
});
