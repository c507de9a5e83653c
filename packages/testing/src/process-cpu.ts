import fs from 'node:fs';

/** CPU time (user + system) a process has used so far, in ms; 0 when it is gone. */
export function cpuMs(pid: number | undefined): number {
  const fields = statFields(pid);
  // utime and stime: the 12th and 13th fields after the command name.
  return fields ? ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS : 0;
}
/** Linux's USER_HZ. */
const CLOCK_TICKS = 100;

/**
 * CPU time (user + system) of a process and its children so far, in ms: its own, what its
 * ended children used (cutime, cstime, counted once reaped) and what its live children have used.
 * For PostgreSQL's postmaster: every backend's, those that closed included. 0 when it is gone.
 */
export function treeCpuMs(pid: number | undefined): number {
  const own = statFields(pid);
  if (!own) return 0;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = statFields(Number(entry));
    if (child?.[1] === String(pid)) ticks += Number(child[11]) + Number(child[12]);
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/** /proc/<pid>/stat's fields after the command name (which may hold spaces), from `state`. */
function statFields(pid: number | undefined): string[] | undefined {
  if (!pid) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}
