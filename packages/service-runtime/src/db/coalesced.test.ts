import { coalesced } from './coalesced';

/** A batch statement that answers each item doubled, after the test lets it finish. */
function recording() {
  const batches: number[][] = [];
  const finish: (() => void)[] = [];
  const run = (items: number[]) => {
    batches.push(items);
    return new Promise<number[]>((resolve) => finish.push(() => resolve(items.map((i) => i * 2))));
  };
  return { batches, finish, run };
}

const settle = () => new Promise((r) => setImmediate(r));

test('the first call runs alone; those made meanwhile go together as the next batch', async () => {
  const { batches, finish, run } = recording();
  const write = coalesced(run);
  const first = write(1);
  const rest = [write(2), write(3), write(4)];
  await settle();
  expect(batches).toEqual([[1]]);
  finish[0]!();
  await settle();
  expect(batches).toEqual([[1], [2, 3, 4]]);
  finish[1]!();
  expect(await first).toBe(2);
  expect(await Promise.all(rest)).toEqual([4, 6, 8]);
});

test('a batch holds at most `most` items', async () => {
  const { batches, finish, run } = recording();
  const write = coalesced(run, 2);
  const all = [1, 2, 3, 4, 5].map(write);
  for (let i = 0; i < 3; i++) {
    await settle();
    finish[i]!();
  }
  expect(await Promise.all(all)).toEqual([2, 4, 6, 8, 10]);
  expect(batches).toEqual([[1], [2, 3], [4, 5]]);
});

test('a failed batch runs its items alone: only the failing one fails, the next batch runs', async () => {
  const batches: number[][] = [];
  const write = coalesced(async (items: number[]) => {
    batches.push(items);
    if (items.includes(3)) throw new Error('statement failed');
    return items;
  });
  const first = write(1);
  const meanwhile = [write(2), write(3), write(4)];
  const outcomes = await Promise.allSettled([first, ...meanwhile]);
  expect(outcomes.map((o) => o.status)).toEqual([
    'fulfilled',
    'fulfilled',
    'rejected',
    'fulfilled',
  ]);
  expect(batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  expect(await write(5)).toBe(5);
});
