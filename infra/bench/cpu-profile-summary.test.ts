import { summarize, type CpuProfile } from './cpu-profile-summary.ts';

const frame = (id: number, functionName: string, url: string, children: number[] = []) => ({
  id,
  callFrame: { functionName, url, lineNumber: 0, columnNumber: 0 },
  children,
});

/**
 * root → handler (our checkout) → pg's query → Node's writev; root → (idle); root → (garbage
 * collector); root → other (our code outside the checkout).
 */
const profile: CpuProfile = {
  nodes: [
    frame(1, '(root)', '', [2, 5, 6, 7]),
    frame(2, 'startCheckout', 'file:///w/services/payments/src/checkout/start-checkout.ts', [3]),
    frame(3, 'query', 'file:///w/node_modules/pg/lib/client.js', [4]),
    frame(4, 'writev', 'node:net'),
    frame(5, '(idle)', ''),
    frame(6, '(garbage collector)', ''),
    frame(7, 'seed', 'file:///w/services/payments/src/seed/seed.ts'),
  ],
  startTime: 0,
  // one sample per 10 µs: seed, idle, writev under pg, handler, GC, writev, seed
  samples: [7, 5, 4, 2, 6, 4, 7],
  timeDeltas: [10, 10, 10, 10, 10, 10, 10],
};

describe('summarize', () => {
  it('charges each sample to its nearest package or own-code frame', () => {
    const { byOwner } = summarize(profile);
    expect(Object.fromEntries(byOwner)).toEqual({
      // the handler's own sample and the first seed's (the last has no next one to time it by)
      'services/payments/src': 2 / 6,
      '(idle)': 1 / 6,
      pg: 2 / 6,
      '(garbage collector)': 1 / 6,
    });
  });

  it('keeps only the span between the first and last sample under a matching frame', () => {
    const { byOwner, seconds } = summarize(profile, { window: 'src/checkout/' });
    expect(seconds).toBeCloseTo(30e-6);
    expect(Object.fromEntries(byOwner)).toEqual({
      pg: 2 / 4,
      'services/payments/src': 1 / 4,
      '(garbage collector)': 1 / 4,
    });
  });

  it("lists one package's leaf frames with the package frame they ran under", () => {
    const { byLeaf } = summarize(profile, { only: 'pg' });
    expect(byLeaf).toEqual([['writev node:net  ← query', 2 / 6]]);
  });
});
