/**
 * One statement for many concurrent callers of a single-statement write (issue 18's burst:
 * each statement costs the service a socket write, which was a fifth of its CPU): the first
 * call runs at once, alone; calls made while a batch runs wait and go together as the next
 * one (at most `most`), as a database's group commit does (ADR 0126). Nothing waits when the
 * service is idle. `run` gets the batch's items and answers each, in their order. A batch
 * of several whose statement fails (it wrote nothing) runs each item alone, so one caller's
 * bad row (a constraint it breaks) fails that caller only, as its own statement would have.
 */
export function coalesced<I, O>(
  run: (items: I[]) => Promise<O[]>,
  most = 100,
): (item: I) => Promise<O> {
  const waiting: { item: I; resolve: (o: O) => void; reject: (err: unknown) => void }[] = [];
  let running = false;
  const drain = async () => {
    running = true;
    while (waiting.length > 0) {
      const batch = waiting.splice(0, most);
      try {
        const answers = await run(batch.map((w) => w.item));
        batch.forEach((w, i) => w.resolve(answers[i]!));
      } catch (err) {
        if (batch.length === 1) batch[0]!.reject(err);
        else
          await Promise.all(batch.map((w) => run([w.item]).then(([o]) => w.resolve(o!), w.reject)));
      }
    }
    running = false;
  };
  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!running) void drain();
    });
}
