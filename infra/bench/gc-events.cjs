// Preload for a bench investigation: `NODE_OPTIONS=--require=<this file>
// BENCH_GC_EVENTS_DIR=<dir>` writes, for every Node process of the run, each garbage collection
// as `gc <start, ms since the epoch> <pause ms> <kind: 1 scavenge, 4 mark-compact, 8
// incremental step, 16 weak callbacks>` to `<dir>/<pid>-<script>.log`, flushed each second,
// so that a slow response (BENCH_RESPONSE_LOG) can be laid beside the pauses of every process.
const fs = require('node:fs');

const dir = process.env.BENCH_GC_EVENTS_DIR;
if (dir) {
  const script = (process.argv[1] ?? 'node').split('/').slice(-3).join('_');
  const file = `${dir}/${process.pid}-${script}.log`;
  let lines = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      lines.push(
        `gc ${(performance.timeOrigin + e.startTime).toFixed(1)} ${e.duration.toFixed(2)} ${e.detail.kind}`,
      );
  }).observe({ entryTypes: ['gc'] });
  const flush = () => {
    if (lines.length) fs.appendFileSync(file, `${lines.join('\n')}\n`);
    lines = [];
  };
  setInterval(flush, 1000).unref();
  process.on('exit', flush);
}
