import { z } from 'zod';
import { defineRequest } from '@cuota/contracts/common/request-definition';
import { runWithRequestId, currentRequestId } from '@cuota/service-runtime/request-context';
import { createTestNamespace, type TestNamespace } from '@cuota/testing/test-namespace';
import { RequestRefused, RequestUnanswered, requestReply, serveReplies } from './request-reply';
import { ensureStream } from './streams';

const double = defineRequest(
  'test.number.double',
  z.object({ n: z.number().int() }),
  z.object({ doubled: z.number().int() }),
);

let ns: TestNamespace;
beforeAll(async () => {
  ns = await createTestNamespace();
});
afterAll(() => ns.dispose());

test('a responder answers within the namespace, with the request id carried along', async () => {
  const seen: (string | undefined)[] = [];
  const sub = serveReplies(ns.nc, ns, double, async ({ n }) => {
    seen.push(currentRequestId());
    return { doubled: n * 2 };
  });
  await ns.nc.flush();
  const reply = await runWithRequestId('req-12345678', () =>
    requestReply(ns.nc, ns, double, { n: 21 }, 1_000),
  );
  expect(reply).toEqual({ doubled: 42 });
  expect(seen).toEqual(['req-12345678']);
  sub.unsubscribe();
});

test("the answering domain's event stream does not capture its requests", async () => {
  // TEST holds `test.>`, which includes `test.number.double`, the request's name.
  await ensureStream(ns.nc, ns, 'TEST');
  const sub = serveReplies(ns.nc, ns, double, async ({ n }) => ({ doubled: n * 2 }));
  await ns.nc.flush();
  expect(await requestReply(ns.nc, ns, double, { n: 4 }, 1_000)).toEqual({ doubled: 8 });
  sub.unsubscribe();
});

test('nobody listening is "unanswered", not a crash', async () => {
  await expect(requestReply(ns.nc, ns, double, { n: 1 }, 300)).rejects.toBeInstanceOf(
    RequestUnanswered,
  );
});

test("a responder's failure and a reply outside the contract are refusals", async () => {
  const failing = serveReplies(ns.nc, ns, double, async () => {
    throw new Error('boom');
  });
  await ns.nc.flush();
  await expect(requestReply(ns.nc, ns, double, { n: 1 }, 1_000)).rejects.toBeInstanceOf(
    RequestRefused,
  );
  failing.unsubscribe();
  const wrong = serveReplies(ns.nc, ns, double, async () => ({ doubled: 'mucho' }) as never);
  await ns.nc.flush();
  await expect(requestReply(ns.nc, ns, double, { n: 1 }, 1_000)).rejects.toBeInstanceOf(
    RequestRefused,
  );
  wrong.unsubscribe();
});

test('an invalid request is refused before it leaves', async () => {
  await expect(requestReply(ns.nc, ns, double, { n: 1.5 }, 300)).rejects.toThrow();
});
