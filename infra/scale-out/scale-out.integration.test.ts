// Issue 24, «two of everything, on separate hosts»: the proofs run in their own Node process
// (proofs.ts; the launcher is native TypeScript), as root, which builds network namespaces;
// this test judges the facts they gather. ADR 0086, docs/scale-out.md.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { ScaleOutFacts } from './proofs.ts';

const repoRoot = path.resolve(__dirname, '../..');
const asRoot = process.getuid?.() === 0;

let child: ChildProcess | undefined;
let facts: ScaleOutFacts;

/** Runs the proofs in a process group of their own, so a failure can end all it started. */
function runProofs(): Promise<ScaleOutFacts> {
  child = spawn(process.execPath, ['infra/scale-out/proofs.ts'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  return new Promise((resolve, reject) =>
    child!.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as ScaleOutFacts);
      else reject(new Error(`the scale-out proofs failed (exit ${code}): ${out.slice(-2000)}`));
    }),
  );
}

(asRoot ? describe : describe.skip)('two of everything, on separate hosts', () => {
  beforeAll(async () => {
    facts = await runProofs();
  }, 420_000);

  afterAll(() => {
    // Normally the proofs stopped everything themselves; after a timeout they may not have.
    if (child && child.exitCode === null && child.signalCode === null)
      process.kill(-child.pid!, 'SIGKILL');
    execFileSync(process.execPath, ['infra/scale-out/network.ts', 'remove'], { cwd: repoRoot });
  });

  test('every stream and durable consumer is held by the three NATS nodes', () => {
    expect(facts.replication.length).toBeGreaterThan(5);
    expect(facts.replication.filter((r) => r.replicas !== 3)).toEqual([]);
  });

  test('with one NATS node dead, each stream and consumer is led by a live node', () => {
    expect(facts.replicationAfter.filter((r) => !r.leader || r.leader === 'nats1')).toEqual([]);
  });

  test('a session opened on one BFF is the same session on the other', () => {
    expect(facts.session.a).toMatch(/@demo\.cuota\.mx$/);
    expect(facts.session.b).toBe(facts.session.a);
  });

  test('a bill run started six times on both instances at once runs once', () => {
    expect(facts.billRun).toEqual({ answers: [202, 409, 409, 409, 409, 409], runs: 1 });
  });

  test('both instances of a service take events from its shared durable consumers', () => {
    const handled = facts.load.handledBeforeKill;
    const shared = ['billing', 'invoicing', 'notifications'].filter(
      (s) => handled[`${s}-a`]! > 0 && handled[`${s}-b`]! > 0,
    );
    expect(shared).toEqual(['billing', 'invoicing', 'notifications']);
  });

  test('killing a NATS node, a BFF and an instance of every service mid-load loses nothing', () => {
    const { load } = facts;
    expect(load.killed).toHaveLength(7);
    expect(load.refused).toEqual([]);
    expect(load.acknowledged).toBe(load.payments);
    expect({
      missing: load.missing,
      duplicated: load.duplicated,
      notSettled: load.notSettled,
    }).toEqual({
      missing: 0,
      duplicated: 0,
      notSettled: 0,
    });
    // Billing applied each payment once: the ledger's receivables equal billing's open amounts.
    expect(load.ledger).toEqual({ ok: true, output: expect.stringContaining('cuadran') });
  });

  test('each event is in JetStream once, a relay repeat is dropped, each is handled once', () => {
    const { relay } = facts;
    expect(relay.streams.filter((s) => s.messages !== s.outbox)).toEqual([]);
    expect(relay).toMatchObject({ repeatDuplicate: true, messagesAfter: relay.messagesBefore });
    expect(relay.billingInbox).toBe(relay.payinEvents);
    expect(relay.payinEvents).toBeGreaterThanOrEqual(facts.load.payments);
  });
});
