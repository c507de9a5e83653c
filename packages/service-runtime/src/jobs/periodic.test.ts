import { startPeriodic } from './periodic';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('runs again after each run ends, a failure included, and never two at once', async () => {
  let active = 0;
  let most = 0;
  let runs = 0;
  const errors: unknown[] = [];
  const job = startPeriodic(
    5,
    async () => {
      active++;
      most = Math.max(most, active);
      runs++;
      await sleep(20);
      active--;
      if (runs === 1) throw new Error('primera falla');
    },
    (err) => errors.push(err),
  );
  while (runs < 3) await sleep(5);
  await job.stop();
  const after = runs;
  await sleep(40);
  expect(runs).toBe(after);
  expect(most).toBe(1);
  expect(errors).toEqual([new Error('primera falla')]);
});

test('stop waits for the run in progress; an interval of 0 runs nothing', async () => {
  let finished = false;
  const job = startPeriodic(
    1,
    async () => {
      await sleep(30);
      finished = true;
    },
    () => undefined,
  );
  await sleep(10);
  await job.stop();
  expect(finished).toBe(true);

  let ran = false;
  const idle = startPeriodic(
    0,
    async () => void (ran = true),
    () => undefined,
  );
  await sleep(20);
  await idle.stop();
  expect(ran).toBe(false);
});
