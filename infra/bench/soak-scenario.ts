import crypto from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { databaseUrl, httpUrl, SERVICES } from '../launcher/profiles.ts';
import type { System } from '../launcher/system.ts';
import { writeSection } from './benchmarks-doc.ts';
import { signInGuardian } from './guardian-session.ts';
import { rssNow, type Rss } from './memory.ts';
import { csrfTokenFor, signInStaff } from './staff-session.ts';

/**
 * Issue 24's soak: SOAK_MINUTES (15) of a mixed load on the bench system — the demo family
 * reading (guardian.me, a child's orders, its payments) and paying (a cash payment at the
 * desk every 2 s: the same allocation, ledger and events as any payin), staff reading lists
 * (the school's students and payins), and one bill run a third of the way in (undone at the
 * end, so the bench's data stays as seeded). Passes with no error, every process's RSS grown
 * under 10 % from the end of the warm-up (the first fifth, at most 3 min) to the end, and the
 * event lag flat (the last window's mean at most twice the first's, or within 50 ms of it).
 * `npm run bench -- soak`; the run takes the whole SOAK_MINUTES.
 */
export async function soakScenario(system: System): Promise<void> {
  const minutes = Number(process.env.SOAK_MINUTES ?? 15);
  const clients = await signIn(system);
  const load = new SoakLoad(system, clients);
  const samples: Sample[] = [];
  const loadBefore = os.loadavg()[0]!;
  const started = Date.now();
  const endAt = started + minutes * 60_000;
  samples.push(await sample(system, 0));
  // A sample that fails (a scrape cut short) is skipped: it only widens a window.
  const sampler = setInterval(
    () =>
      void sample(system, Date.now() - started)
        .then((s) => samples.push(s))
        .catch(() => {}),
    SAMPLE_MS,
  );
  let billRun: string | undefined;
  try {
    for (let round = 0; Date.now() < endAt; round++) {
      const tick = Date.now();
      if (!billRun && tick - started > (minutes * 60_000) / 3) billRun = await load.startBillRun();
      await Promise.all([load.familyReads(), load.staffReads(), round % 2 ? load.pay() : null]);
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - tick))));
    }
  } finally {
    clearInterval(sampler);
    if (billRun) await load.undoBillRun(billRun);
  }
  samples.push(await sample(system, Date.now() - started));
  const report = reportOf(minutes, load, samples, loadBefore);
  writeSection('soak', report);
  console.log(report);
}

const SAMPLE_MS = 30_000;

interface Clients {
  family: string;
  staff: string;
  csrfToken: string;
  studentId: string;
}

async function signIn(system: System): Promise<Clients> {
  const owner = system.demo.staff.find((s) => s.role === 'OWNER')!;
  const staff = await signInStaff(system.urls.portal, owner.email, system.demo.staff_password);
  const family = await signInGuardian(system);
  const me = await fetch(
    new URL('/api/trpc/guardian.me?batch=1&input=%7B%7D', system.urls.portal),
    {
      headers: { cookie: family },
    },
  );
  const [body] = (await me.json()) as [{ result: { data: { dependents: { id: string }[] } } }];
  return {
    family,
    staff,
    csrfToken: await csrfTokenFor(system.urls.portal, staff),
    studentId: body.result.data.dependents[0]!.id,
  };
}

/** The soak's requests; every answer that is not 2xx (or no answer) is an error, by route. */
class SoakLoad {
  requests = 0;
  readonly errors = new Map<string, number>();
  private readonly system: System;
  private readonly clients: Clients;

  constructor(system: System, clients: Clients) {
    this.system = system;
    this.clients = clients;
  }

  familyReads() {
    const { family, studentId } = this.clients;
    const school = this.system.demo.school_id;
    return Promise.all([
      this.call('guardian.me', '/api/trpc/guardian.me?batch=1&input=%7B%7D', family),
      this.call('student orders', `/api/v1/students/${studentId}/orders/`, family),
      this.call('family payins', `/api/v1/schools/${school}/payins/`, family),
    ]);
  }

  staffReads() {
    const school = this.system.demo.school_id;
    return Promise.all([
      this.call('students', `/api/v1/dashboard/schools/${school}/students/`, this.clients.staff),
      this.call('payins', `/api/v1/dashboard/schools/${school}/payins/`, this.clients.staff),
    ]);
  }

  pay() {
    return this.call(
      'desk payment',
      `/api/v1/dashboard/schools/${this.system.demo.school_id}/payins/`,
      this.clients.staff,
      {
        method: 'POST',
        headers: { 'idempotency-key': `soak-${crypto.randomUUID()}` },
        body: JSON.stringify({
          student_id: this.clients.studentId,
          amount_centavos: 500,
          method: 'cash',
          confirm_excess: true,
        }),
      },
    );
  }

  /** The first month of a monthly concept no run stands for; its run's id. */
  async startBillRun(): Promise<string> {
    const db = new pg.Client({ connectionString: databaseUrl(this.system.profile, 'billing') });
    await db.connect();
    const { rows } = await db
      .query(
        `SELECT c.id AS concept_id, p AS period FROM concepts c, unnest(c.periods) p
         WHERE c.recurrence = 'MONTHLY' AND c.school_id = $1 AND NOT EXISTS
           (SELECT 1 FROM bill_runs r WHERE r.concept_id = c.id AND r.period = p AND r.undone_at IS NULL)
         ORDER BY p, c.id LIMIT 1`,
        [this.system.demo.school_id],
      )
      .finally(() => db.end());
    const answer = await this.call(
      'bill run',
      '/book-keeper/massive_concept_assignments/',
      this.clients.staff,
      {
        method: 'POST',
        body: JSON.stringify({ school_id: this.system.demo.school_id, ...rows[0] }),
      },
    );
    return (JSON.parse(answer) as { id: string }).id;
  }

  async undoBillRun(id: string): Promise<void> {
    await this.call(
      'undo bill run',
      `/book-keeper/massive_concept_assignments/${id}/`,
      this.clients.staff,
      {
        method: 'DELETE',
      },
    );
  }

  private async call(route: string, path: string, cookie: string, init: RequestInit = {}) {
    this.requests++;
    const headers = {
      cookie,
      ...(init.method
        ? { 'content-type': 'application/json', 'x-csrf-token': this.clients.csrfToken }
        : {}),
      ...(init.headers as Record<string, string>),
    };
    try {
      const res = await fetch(new URL(path, this.system.urls.portal), {
        ...init,
        headers,
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      if (!res.ok) this.failed(route);
      return text;
    } catch {
      this.failed(route);
      return '{}';
    }
  }

  private failed(route: string) {
    this.errors.set(route, (this.errors.get(route) ?? 0) + 1);
  }
}

interface Sample {
  atMs: number;
  rss: Rss;
  /** Over every service: events handled so far and the sum of their lags (s). */
  handled: number;
  lagSum: number;
  /** Events published and not yet handled, over every durable consumer. */
  pending: number;
}

async function sample(system: System, atMs: number): Promise<Sample> {
  const s: Sample = { atMs, rss: rssNow(system.supervisor), handled: 0, lagSum: 0, pending: 0 };
  for (const service of SERVICES) {
    const url = `${httpUrl(system.profile, system.profile.servicePorts[service])}/metrics`;
    const text = await fetch(url).then((r) => r.text());
    s.handled += sumOf(text, 'cuota_event_lag_seconds_count');
    s.lagSum += sumOf(text, 'cuota_event_lag_seconds_sum');
    s.pending += sumOf(text, 'cuota_consumer_pending_events');
  }
  return s;
}

function sumOf(metrics: string, name: string): number {
  const pattern = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'gm');
  return [...metrics.matchAll(pattern)].reduce((sum, m) => sum + Number(m[1]), 0);
}

/** Mean event lag (ms) between two samples: the events handled in between. */
function meanLagMs(from: Sample, to: Sample): number {
  const handled = to.handled - from.handled;
  return handled ? Math.round(((to.lagSum - from.lagSum) / handled) * 1000) : 0;
}

function reportOf(minutes: number, load: SoakLoad, samples: Sample[], loadBefore: number): string {
  const warmUpMs = Math.min(3 * 60_000, (minutes * 60_000) / 5);
  const afterWarmUp = samples.find((s) => s.atMs >= warmUpMs) ?? samples[0]!;
  const last = samples.at(-1)!;
  const growth = Object.keys(last.rss).map((name) => {
    const from = afterWarmUp.rss[name] ?? 0;
    const to = last.rss[name] ?? 0;
    return { name, from, to, percent: from ? Math.round((1000 * (to - from)) / from) / 10 : 0 };
  });
  const windows = lagWindows(samples.filter((s) => s.atMs >= afterWarmUp.atMs));
  const first = windows[0]?.lagMs ?? 0;
  const final = windows.at(-1)?.lagMs ?? 0;
  const lagFlat = final <= Math.max(2 * first, first + 50);
  const errors = [...load.errors].map(([route, n]) => `${route} ${n}`).join(', ') || 'none';
  const errorCount = [...load.errors.values()].reduce((a, b) => a + b, 0);
  const rssOk = growth.every((g) => g.percent < 10);
  const ok = errorCount === 0 && rssOk && lagFlat;
  return `## Soak: ${minutes} minutes of mixed load

Command: \`npm run bench -- soak\` (infra/bench/soak-scenario.ts; SOAK_MINUTES=${minutes}),
${new Date().toISOString().slice(0, 10)}. Every second: the demo family reads guardian.me, a
child's orders and its payments; the owner reads the school's students and payins; every
2 s a cash payment at the desk for the family; one bill run a third of the way in (undone at
the end). Warm-up: the first ${Math.round(warmUpMs / 1000)} s. Load average (1 min)
before / after: ${loadBefore.toFixed(1)} / ${os.loadavg()[0]!.toFixed(1)} (2 cores, shared).

Requests: ${load.requests}; errors (non-2xx or no answer): **${errors}**.

| process | RSS after warm-up, MB | RSS at the end, MB | growth |
|---|---|---|---|
${growth.map((g) => `| ${g.name} | ${g.from} | ${g.to} | ${g.percent < 10 ? '' : '**'}${g.percent} %${g.percent < 10 ? '' : '**'} |`).join('\n')}

| window (after warm-up) | events handled | mean event lag, ms | consumers' backlog at the end |
|---|---|---|---|
${windows.map((w) => `| ${w.label} | ${w.handled} | ${w.lagMs} | ${w.pending} |`).join('\n')}

${ok ? 'No error, RSS growth under 10 % everywhere, event lag flat.' : `**Target NOT met**: errors ${errorCount}, RSS ${rssOk ? 'ok' : 'grew 10 % or more'}, lag ${lagFlat ? 'flat' : 'grew'}.`}`;
}

/** Three-minute windows (or the whole span when shorter) of the samples after the warm-up. */
function lagWindows(samples: Sample[]) {
  const windowMs = 3 * 60_000;
  const windows = [];
  for (let i = 0; i < samples.length - 1;) {
    const from = samples[i]!;
    let j = i + 1;
    while (j < samples.length - 1 && samples[j]!.atMs - from.atMs < windowMs) j++;
    const to = samples[j]!;
    windows.push({
      label: `${(from.atMs / 60_000).toFixed(1)}–${(to.atMs / 60_000).toFixed(1)} min`,
      handled: to.handled - from.handled,
      lagMs: meanLagMs(from, to),
      pending: to.pending,
    });
    i = j;
  }
  return windows;
}
