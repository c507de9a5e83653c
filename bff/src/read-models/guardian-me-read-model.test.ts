import type { GuardianMe } from '@cuota/contracts/enrolment/responses';
import { idsNamedBy } from './enrolment-event-feed';
import {
  createGuardianMeReadModel,
  idsOfAnswer,
  type GuardianMeReadModel,
} from './guardian-me-read-model';

const answer = (id: string, dependents: string[] = [], firstName = 'Ana'): GuardianMe => ({
  id,
  first_name: firstName,
  last_name: 'Pérez',
  email: null,
  guardian_hash: `hash-${id}`,
  onboarding_stage: 'COMPLETED',
  fraud_status: 'no_risk',
  schools: [{ id: 'school-1', name: 'Colegio' }],
  dependents: dependents.map((d) => ({
    id: d,
    first_name: d,
    last_name: 'Pérez',
    school_id: 'school-1',
    level: 'elementary',
    section: { id: `section-${d}`, name: 'A' },
    status: 'active',
    billing_guardian: { id },
    guardians: [
      {
        id,
        first_name: 'Ana',
        last_name: 'Pérez',
        email: null,
        relationship: null,
        billing_name: null,
        tax_id: null,
      },
    ],
  })),
});

/** A loader that counts its calls: how a test sees whether the kept answer was used. */
function loader(make: () => GuardianMe) {
  const calls = { n: 0 };
  return { calls, load: async () => (calls.n++, make()) };
}

const liveModel = (options: Partial<Parameters<typeof createGuardianMeReadModel>[0]> = {}) => {
  const model = createGuardianMeReadModel({ capacity: 100, maxAgeMs: 60_000, ...options });
  model.setLive(true);
  return model;
};

/** A load that returns `me` only once released: events can arrive while it is in flight. */
function heldLoad(model: GuardianMeReadModel, me: GuardianMe) {
  let release!: () => void;
  const pending = model.get('g-1', async () => {
    await new Promise<void>((r) => (release = r));
    return me;
  });
  return { pending, release: () => release() };
}

test('a kept answer is served until an event names one of its ids', async () => {
  const model = liveModel();
  const { calls, load } = loader(() => answer('g-1', ['s-1']));
  await model.get('g-1', load);
  await model.get('g-1', load);
  expect(calls.n).toBe(1);
  model.invalidate(['someone-else', 'school-2']);
  await model.get('g-1', load);
  expect(calls.n).toBe(1);
  model.invalidate(['section-s-1']);
  await model.get('g-1', load);
  expect(calls.n).toBe(2);
});

test("an event about a child forgets every guardian's answer that shows the child", async () => {
  const model = liveModel();
  const first = loader(() => answer('g-1', ['s-1']));
  const second = loader(() => answer('g-2', ['s-1', 's-2']));
  const third = loader(() => answer('g-3', ['s-3']));
  for (const [id, l] of [
    ['g-1', first],
    ['g-2', second],
    ['g-3', third],
  ] as const)
    await model.get(id, l.load);
  model.invalidate(['s-1']);
  for (const [id, l] of [
    ['g-1', first],
    ['g-2', second],
    ['g-3', third],
  ] as const)
    await model.get(id, l.load);
  expect([first.calls.n, second.calls.n, third.calls.n]).toEqual([2, 2, 1]);
});

test('an answer loaded while an event named its ids is served but not kept', async () => {
  const model = liveModel();
  const { pending, release } = heldLoad(model, answer('g-1', ['s-1'], 'Viejo'));
  model.invalidate(['s-1']);
  release();
  expect((await pending).first_name).toBe('Viejo');
  expect(model.size()).toBe(0);
});

test('an unrelated event during the load does not stop the answer being kept', async () => {
  const model = liveModel();
  const { pending, release } = heldLoad(model, answer('g-1', ['s-1']));
  model.invalidate(['s-9', 'g-9']);
  release();
  await pending;
  expect(model.size()).toBe(1);
});

test('more events during a load than are remembered: the answer is not kept', async () => {
  const model = liveModel();
  const { pending, release } = heldLoad(model, answer('g-1', ['s-1']));
  for (let i = 0; i < 2_000; i++) model.invalidate([`other-${i}`]);
  release();
  await pending;
  expect(model.size()).toBe(0);
});

test('nothing is kept while the event feed is not live, and going live forgets all', async () => {
  const model = createGuardianMeReadModel({ capacity: 100, maxAgeMs: 60_000 });
  const { calls, load } = loader(() => answer('g-1'));
  await model.get('g-1', load);
  await model.get('g-1', load);
  expect(calls.n).toBe(2);
  model.setLive(true);
  await model.get('g-1', load);
  model.setLive(false);
  await model.get('g-1', load);
  expect(calls.n).toBe(4);
  expect(model.size()).toBe(0);
});

test('the least recently read answer goes first when full; old answers are reloaded', async () => {
  let clock = 0;
  const model = liveModel({ capacity: 2, maxAgeMs: 1_000, now: () => clock });
  const loaders = ['g-1', 'g-2', 'g-3'].map((id) => loader(() => answer(id)));
  await model.get('g-1', loaders[0]!.load);
  await model.get('g-2', loaders[1]!.load);
  await model.get('g-1', loaders[0]!.load); // g-1 read again: g-2 is now the oldest read
  await model.get('g-3', loaders[2]!.load);
  expect(model.size()).toBe(2);
  await model.get('g-1', loaders[0]!.load);
  await model.get('g-2', loaders[1]!.load);
  expect([loaders[0]!.calls.n, loaders[1]!.calls.n]).toEqual([1, 2]);
  clock = 1_001;
  await model.get('g-1', loaders[0]!.load);
  expect(loaders[0]!.calls.n).toBe(2);
});

test('an answer depends on its guardian, schools, children, sections and co-guardians', () => {
  expect(new Set(idsOfAnswer(answer('g-1', ['s-1'])))).toEqual(
    new Set(['g-1', 'school-1', 's-1', 'section-s-1']),
  );
});

test("an event's ids are every string its data holds, however nested", () => {
  expect(
    idsNamedBy({
      student_id: 's-1',
      school_id: 'x',
      n: 3,
      guardian_ids: ['g-1', 'g-2'],
      nested: { section: { id: 'sec' } },
    }),
  ).toEqual(new Set(['s-1', 'x', 'g-1', 'g-2', 'sec']));
});
