import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { databaseUrl, SERVICES, type ServiceName } from '../launcher/profiles.ts';
import { loadOrCreateSecrets } from '../launcher/secrets.ts';
import { stateDir, type System } from '../launcher/system.ts';
import { writeSection } from './benchmarks-doc.ts';
import { signInGuardian } from './guardian-session.ts';
import { measure, type Measurement } from './measure.ts';
import { analyzeDatabases, postmasterPid } from './postgres-process.ts';
import {
  cpuMs,
  maxRss,
  peakRssDuring,
  rssIdleAfter,
  rssNow,
  rssTable,
  treeCpuMs,
  type Rss,
} from './memory.ts';
import { ROUNDS, medianRound, perRequest, ratio, row, startBaseline } from './rounds.ts';
import { csrfTokenFor, signInStaff } from './staff-session.ts';

/** A school page of payins (the list's default page size): the staff list's answer. */
const SEEDED_PAYINS = 25;

interface Endpoint {
  name: string;
  path: string;
  cookie: string;
  service: ServiceName;
  /** The same-I/O baseline's read (same-io-reads.ts) and the id it reads. */
  read: string;
  id: string;
}

interface Measured {
  endpoint: Endpoint;
  bytes: number;
  real: Measurement;
  io: Measurement;
  perRound: string;
  cpu: { bff: string; service: string; baseline: string; postgres: string; ioPostgres: string };
  /** Requests sent through the BFF, warm-ups included (a collector trace's denominator). */
  sent: number;
}

/**
 * Issue 16: signed-in reads that take the whole path (BFF → service → PostgreSQL), each
 * beside a same-I/O baseline in one Express process (same signed cookie, same session read
 * from Redis, same SQL). A family's orders list and the staff's payins list, measured in
 * turn round after round; CPU per request of the BFF, the owning service and the baseline.
 */
export async function proxiedReadsScenario(system: System): Promise<void> {
  const { demo, urls } = system;
  const family = await signInGuardian(system);
  const owner = demo.staff.find((s) => s.role === 'OWNER')!;
  const staff = await signInStaff(urls.portal, owner.email, demo.staff_password);
  const studentId = await firstDependent(urls.portal, family);
  await seedDeskPayins(urls.portal, staff, demo.school_id, studentId);
  await seedCreditNotes(urls.portal, staff, demo.school_id);
  await analyzeDatabases(SERVICES.map((s) => databaseUrl(system.profile, s)));
  const all: Endpoint[] = [
    {
      name: "a family's orders list, GET /api/v1/students/{id}/orders/",
      path: `/api/v1/students/${studentId}/orders/`,
      cookie: family,
      service: 'billing',
      read: 'student-orders',
      id: studentId,
    },
    {
      name: "the staff's payins list, GET /api/v1/dashboard/schools/{id}/payins/",
      path: `/api/v1/dashboard/schools/${demo.school_id}/payins/`,
      cookie: staff,
      service: 'payments',
      read: 'school-payins',
      id: demo.school_id,
    },
    {
      name: "the staff's invoices list (Facturas), GET /api/v1/dashboard/schools/{id}/invoices/",
      path: invoicesPath(demo.school_id),
      cookie: staff,
      service: 'invoicing',
      read: 'school-invoices',
      id: demo.school_id,
    },
    ...dueOrdersEndpoints(demo.school_id, staff),
    ...studentsEndpoints(demo.school_id, staff),
  ];
  // `BENCH_PROXIED=payments` drives only that service's endpoints (a profile of one path), and
  // `BENCH_PROXIED=school-due-orders` only the endpoint of that same-I/O read.
  const only = process.env.BENCH_PROXIED?.split(',');
  const endpoints = only
    ? all.filter((e) => only.includes(e.service) || only.includes(e.read))
    : all;
  const loadBefore = loadAverage();
  const before = rssNow(system.supervisor);
  const peak = { rss: before };
  const measured: Measured[] = [];
  const postgres = await postmasterPid(databaseUrl(system.profile, 'payments'));
  for (const endpoint of endpoints)
    measured.push(await measureEndpoint(system, endpoint, peak, postgres));
  const after = rssNow(system.supervisor);
  const idle = await rssIdleAfter(system.supervisor);
  const report = `## Proxied reads through the BFF vs the same I/O in one process

Command: \`npm run bench\` (scenario infra/bench/proxied-reads-scenario.ts), ${new Date().toISOString().slice(0, 10)}.
autocannon, 10 connections, ${process.env.BENCH_SECONDS ?? 10} s after a 2 s warm-up; for each endpoint the real path
(BFF → owning service → PostgreSQL) and its same-I/O baseline in turn for ${ROUNDS} rounds, each row
the round with the median req/s. The baseline (infra/bench/same-io-express.ts, reads in
same-io-reads.ts) is one Express process that checks the same signed session cookie, reads the
same session from Redis and runs the service's SQL on its database. The school holds at least
${SEEDED_PAYINS} desk payments (recorded through the real endpoint); then every service's database is
analyzed, as autovacuum would have (it is off on this machine). Load average before: ${loadBefore}.

${measured.map(section).join('\n\n')}

Memory (RSS from /proc, sampled every 250 ms while the real paths were driven, peak of all
rounds; aims: BFF under 250 MB under load, each service under 150 MB idle after):

${rssTable(before, peak.rss, after, idle)}

Load average after: ${loadAverage()}.`;
  writeSection('proxied-reads', report);
  console.log(report);
}

function section(m: Measured): string {
  return `### ${m.endpoint.name} (${m.bytes} bytes)

| path | req/s | p50 ms | p99 ms | non-2xx | errors |
|---|---|---|---|---|---|
${row(`through the BFF and ${m.endpoint.service}`, m.real)}
${row('same I/O in one Express process', m.io)}

Real / same I/O: throughput **${ratio(m.real.requestsPerSecond, m.io.requestsPerSecond)}** (aim ≥ 0.5; per round ${m.perRound}),
p99 **${m.real.p99Ms} ms** (aim < 25 ms). CPU per request (user + system from /proc, all rounds,
warm-up included, ${m.sent} requests through the BFF): BFF **${m.cpu.bff} ms** (aim ≤ 0.5), ${m.endpoint.service} **${m.cpu.service} ms**
(aim ≤ 0.6), the same-I/O baseline ${m.cpu.baseline} ms; PostgreSQL (all its processes) ${m.cpu.postgres} ms
through the real path, ${m.cpu.ioPostgres} ms under the baseline.`;
}

async function measureEndpoint(
  system: System,
  endpoint: Endpoint,
  peak: { rss: Rss },
  postgres: number | undefined,
): Promise<Measured> {
  const url = new URL(endpoint.path, system.urls.portal).toString();
  const headers = { cookie: endpoint.cookie };
  const sample = await fetch(url, { headers });
  const body = await sample.text();
  if (!sample.ok) throw new Error(`${endpoint.path} did not answer: ${sample.status} ${body}`);
  const children: ChildProcess[] = [];
  try {
    const sameIo = await startBaseline('same-io-express.ts', {
      READ: endpoint.read,
      SESSION_SECRET: loadOrCreateSecrets(stateDir(system.profile)).sessionSecret,
      REDIS_URL: system.profile.redisUrl,
      REDIS_PREFIX: system.profile.redisPrefix,
      DATABASE_URL: databaseUrl(system.profile, endpoint.service),
    });
    children.push(sameIo.child);
    const ioUrl = sameIo.url(`/same-io/${endpoint.id}`);
    const ioSample = await fetch(ioUrl, { headers });
    if (!ioSample.ok) throw new Error(`same-I/O ${endpoint.read}: ${ioSample.status}`);

    const pid = (name: string) => system.supervisor.pid(name);
    const cpu = { bff: 0, service: 0, baseline: 0, postgres: 0, ioPostgres: 0 };
    const sent = { real: 0, io: 0 };
    const rounds = { real: [] as Measurement[], io: [] as Measurement[] };
    for (let round = 0; round < ROUNDS; round++) {
      const started = {
        bff: cpuMs(pid('bff')),
        service: cpuMs(pid(endpoint.service)),
        postgres: treeCpuMs(postgres),
      };
      const driven = await peakRssDuring(system.supervisor, () => measure(url, headers));
      cpu.bff += cpuMs(pid('bff')) - started.bff;
      cpu.service += cpuMs(pid(endpoint.service)) - started.service;
      cpu.postgres += treeCpuMs(postgres) - started.postgres;
      sent.real += driven.result.sent;
      rounds.real.push(driven.result);
      peak.rss = maxRss(peak.rss, driven.peak);
      const baselineStarted = { own: cpuMs(sameIo.child.pid), postgres: treeCpuMs(postgres) };
      const io = await measure(ioUrl, headers);
      cpu.baseline += cpuMs(sameIo.child.pid) - baselineStarted.own;
      cpu.ioPostgres += treeCpuMs(postgres) - baselineStarted.postgres;
      sent.io += io.sent;
      rounds.io.push(io);
    }
    return {
      endpoint,
      bytes: body.length,
      real: medianRound(rounds.real),
      io: medianRound(rounds.io),
      perRound: rounds.real
        .map((m, i) => ratio(m.requestsPerSecond, rounds.io[i]!.requestsPerSecond, 2))
        .join(' / '),
      cpu: {
        bff: perRequest(cpu.bff, sent.real),
        service: perRequest(cpu.service, sent.real),
        baseline: perRequest(cpu.baseline, sent.io),
        postgres: postgres ? perRequest(cpu.postgres, sent.real) : 'not on this machine',
        ioPostgres: postgres ? perRequest(cpu.ioPostgres, sent.io) : 'not on this machine',
      },
      sent: sent.real,
    };
  } finally {
    for (const child of children) child.kill();
  }
}

/** Adeudos' landing page (billing): the staff's due orders, every student by name. */
const dueOrdersEndpoints = (schoolId: string, cookie: string): Endpoint[] => [
  {
    name: "the staff's due orders (Adeudos), GET /api/v4/dashboard/schools/{id}/due_orders/students/",
    path: `/api/v4/dashboard/schools/${schoolId}/due_orders/students/`,
    cookie,
    service: 'billing',
    read: 'school-due-orders',
    id: schoolId,
  },
];

/** The staff's students list (enrolment): the school's first page by name. */
const studentsEndpoints = (schoolId: string, cookie: string): Endpoint[] => [
  {
    name: "the staff's students list, GET /api/v1/dashboard/schools/{id}/students/",
    path: `/api/v1/dashboard/schools/${schoolId}/students/`,
    cookie,
    service: 'enrolment',
    read: 'school-students',
    id: schoolId,
  },
];

/** The demo family's first child, from guardian.me. */
async function firstDependent(base: string, cookie: string): Promise<string> {
  const response = await fetch(new URL('/api/trpc/guardian.me?batch=1&input=%7B%7D', base), {
    headers: { cookie },
  });
  const [me] = (await response.json()) as [{ result: { data: { dependents: { id: string }[] } } }];
  const id = me.result.data.dependents[0]?.id;
  if (!id) throw new Error('the demo guardian has no dependents');
  return id;
}

/**
 * Desk payments (small, allocated oldest due first) through the real endpoint until the
 * school holds a page of payins: the staff list answers a realistic page. Idempotent.
 */
async function seedDeskPayins(base: string, cookie: string, schoolId: string, studentId: string) {
  const path = `/api/v1/dashboard/schools/${schoolId}/payins/`;
  const listed = (await (await fetch(new URL(path, base), { headers: { cookie } })).json()) as {
    count: number;
  };
  const csrfToken = await csrfTokenFor(base, cookie);
  for (let n = listed.count; n < SEEDED_PAYINS; n++) {
    const response = await fetch(new URL(path, base), {
      method: 'POST',
      headers: {
        cookie,
        'content-type': 'application/json',
        'x-csrf-token': csrfToken,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        student_id: studentId,
        amount_centavos: 15_000,
        method: n % 2 ? 'cash' : 'transfer',
        note: 'Pago de prueba del bench',
      }),
    });
    if (!response.ok) throw new Error(`desk payment → ${response.status} ${await response.text()}`);
  }
}

/** A few credit notes on the page: Facturas' list then reads related folios and what is left. */
const SEEDED_CREDIT_NOTES = 3;

const invoicesPath = (schoolId: string) => `/api/v1/dashboard/schools/${schoolId}/invoices/`;

/**
 * Staff credit notes for part of the newest stamped invoices (the desk payments' CFDI),
 * through Facturas' real endpoint, until the school's first page holds a few: each keyed by
 * its invoice, so a run after another adds none. Waits for the desk payments' invoices.
 */
async function seedCreditNotes(base: string, cookie: string, schoolId: string) {
  type Listed = { id: string; document: string; status: string; total_centavos: number };
  const firstPage = async () =>
    (
      (await (
        await fetch(new URL(invoicesPath(schoolId), base), { headers: { cookie } })
      ).json()) as {
        results: Listed[];
      }
    ).results;
  let page = await firstPage();
  for (
    let tries = 0;
    page.filter((i) => i.status === 'success').length < SEEDED_CREDIT_NOTES;
    tries++
  ) {
    if (tries === 60) throw new Error('the desk payments were not invoiced in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
    page = await firstPage();
  }
  const notes = page.filter((i) => i.document === 'credit_note').length;
  const stamped = page.filter((i) => i.document === 'invoice' && i.status === 'success');
  const csrfToken = await csrfTokenFor(base, cookie);
  for (const invoice of stamped.slice(0, Math.max(0, SEEDED_CREDIT_NOTES - notes))) {
    const response = await fetch(
      new URL(`${invoicesPath(schoolId)}${invoice.id}/credit_note/`, base),
      {
        method: 'POST',
        headers: {
          cookie,
          'content-type': 'application/json',
          'x-csrf-token': csrfToken,
          'idempotency-key': `bench-credit-${invoice.id}`,
        },
        body: JSON.stringify({ amount_centavos: 10_00, reason: 'Nota de prueba del bench' }),
      },
    );
    if (!response.ok) throw new Error(`credit note → ${response.status} ${await response.text()}`);
  }
}

const loadAverage = () =>
  `${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')} (1, 5, 15 min)`;
