/** A background job that runs again a while after each run ends (never two runs at once). */
export interface Periodic {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `work` every `intervalMs` after the previous run ended, until stopped; a failed run is
 * reported to `onError` and the next one still comes. An interval of 0 or less runs nothing
 * (tests drive the job themselves).
 */
export function startPeriodic(
  intervalMs: number,
  work: () => Promise<unknown>,
  onError: (err: unknown) => void,
): Periodic {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = intervalMs <= 0;
  const tick = () => {
    running = work()
      .catch(onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  if (!stopped) timer = setTimeout(tick, intervalMs);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
