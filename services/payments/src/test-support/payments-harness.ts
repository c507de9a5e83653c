import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startService, type RunningService } from '@cuota/service-host/service-host';
import type { ServiceConfig } from '@cuota/service-host/service-config';
import { schoolUpdatedV1 } from '@cuota/contracts/events/enrolment.school.updated.v1';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import { connectNats } from '@cuota/messaging/nats-connection';
import { NATS_URL, uniqueSuffix } from '@cuota/testing/environment';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { createTestNamespace, type TestNamespace } from '@cuota/testing/test-namespace';
import { waitFor } from '@cuota/testing/wait-for';
import { createDatabase, type Database } from '@cuota/service-runtime/db/database';
import { BillingClient } from '../billing/billing-client';
import { saveMerchantCredentials } from '../gateway/gateway-credentials-repository';
import { centavosToPesos } from '../gateway/kushki-money';
import { checkLedger } from '../ledger/ledger-check';
import type { PaymentsConfig } from '../payments-config';
import { definePaymentsService, paymentsDeps } from '../payments-service';
import type { PaymentsDeps } from '../payments-deps';
import * as schemaTables from '../schema';
import type * as schema from '../schema';
import { SecretBox } from '../secrets/secret-box';
import { publishEvent } from '@cuota/testing/publish-event';
import { RealBilling, type BilledOrder } from './real-billing';
import { startWebhookRelay } from '@cuota/testing/webhook-relay';
import { exchange, type Exchanged } from '@cuota/testing/http-exchange';

/** A namespace on another NATS server (one a test stops and starts). */
async function namespaceOn(url: string): Promise<TestNamespace> {
  const nc = await connectNats(url, 'payments-test');
  return { prefix: `t${uniqueSuffix()}`, nc, dispose: () => nc.close() };
}

export const CARDS = {
  approved: '5451951574925480',
  visa: '4111111111111111',
  noFunds: '4349001210846432',
  lateWebhook: '4349007000000015',
  serverError: '4349007000000023',
  timeout: '4349007000000031',
} as const;

export const CHECKOUT_PATH = '/api/v1/payments_v2/checkout/';
export const WEBHOOK_PATH = '/api/v1/kushki_checkout/notifications/';
export const PAYOUT_WEBHOOK_PATH = '/api/v1/kushki/payout_status/';
export const SUBSCRIPTION_WEBHOOK_PATH = '/api/v1/subscriptions/notifications/';

/** A school with its merchant at the gateway, two families and one more student. */
export interface SchoolFixture {
  id: string;
  /** Kushki's merchant id: X-Kushki-Key of the school's webhooks. */
  merchantId: string;
  publicMerchantId: string;
  privateMerchantId: string;
  webhookSecret: string;
  /** Guardian → their students. */
  families: { guardianId: string; studentIds: string[] }[];
}

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Headers;
}

export interface HarnessOptions {
  label: string;
  /** Overrides of payments' config (webhook tolerance, timeouts…). */
  config?: Partial<PaymentsConfig>;
  logger?: Logger;
  /** NATS server for this harness (a private one for restart tests). */
  natsUrl?: string;
  /** The gateway sandbox (stopped with the harness). */
  sandbox: Sandbox;
}

/** The gateway sandbox as the harness uses it (infra/sandboxes/gateway). */
export interface Sandbox {
  url: string;
  stop: () => Promise<void>;
}

/** A multipart form goes through fetch, which encodes it and sets its type. */
async function fetchForm(url: string, init: CallInit, headers: Record<string, string>) {
  // A 302 is the answer under test, not a page to fetch.
  const res = await fetch(url, {
    method: init.method,
    headers,
    body: init.form,
    redirect: 'manual',
  });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** The body as JSON when the answer says so, else its bytes. */
function answerOf({ status, headers, body }: Exchanged): Answer {
  const json = (headers.get('content-type') ?? '').includes('json');
  return { status, headers, body: json ? JSON.parse(body.toString('utf8')) : body };
}

/**
 * Payments as it runs, with the real parts around it: PostgreSQL, NATS, the gateway sandbox
 * (its webhooks through a relay that does what the BFF does), enrolment's events published
 * on NATS, and billing's real service answering payments' requests and applying its events.
 */
/** A call's method, headers and body: JSON, or a multipart form (fetch sets its type). */
interface CallInit {
  method?: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}

export class PaymentsHarness {
  service!: RunningService<typeof schema>;
  deps!: PaymentsDeps;
  readonly schools: SchoolFixture[] = [0, 1].map(() => ({
    id: randomUUID(),
    merchantId: `2${String(randomBytes(6).readUIntBE(0, 6)).padStart(19, '0')}`,
    publicMerchantId: `pub${randomBytes(8).toString('hex')}`,
    privateMerchantId: `priv${randomBytes(14).toString('hex')}`,
    webhookSecret: `firma-${randomBytes(12).toString('hex')}`,
    families: [
      { guardianId: randomUUID(), studentIds: [randomUUID(), randomUUID()] },
      { guardianId: randomUUID(), studentIds: [randomUUID()] },
    ],
  }));
  readonly secretsKey = randomBytes(32);
  /** The proof store's directory, the harness's own (removed on stop). */
  readonly proofDirectory = mkdtempSync(path.join(os.tmpdir(), 'cuota-proofs-'));
  /** Where payments listens when it runs as its own process (else the in-process one). */
  externalUrl: string | undefined;
  config!: PaymentsConfig;
  serviceConfig!: ServiceConfig;
  /** The test's own connections: they outlive any payments process. */
  readonly books: Database<typeof schema>;
  private readonly billingClient: BillingClient;
  private serviceRunning = false;
  readonly options: HarnessOptions;
  readonly db: TestDatabase;
  readonly ns: TestNamespace;
  readonly identity: Awaited<ReturnType<typeof createTestIdentity>>;
  readonly sandbox: Sandbox;
  private readonly biller: RealBilling;
  private readonly relay: Awaited<ReturnType<typeof startWebhookRelay>>;

  private constructor(
    options: HarnessOptions,
    db: TestDatabase,
    ns: TestNamespace,
    identity: Awaited<ReturnType<typeof createTestIdentity>>,
    sandbox: Sandbox,
    biller: RealBilling,
    relay: Awaited<ReturnType<typeof startWebhookRelay>>,
  ) {
    this.options = options;
    this.db = db;
    this.ns = ns;
    this.identity = identity;
    this.sandbox = sandbox;
    this.biller = biller;
    this.relay = relay;
    this.books = createDatabase(db.url, schemaTables, 4);
    this.billingClient = new BillingClient(ns.nc, ns);
  }

  static async start(options: HarnessOptions): Promise<PaymentsHarness> {
    const [db, ns, identity] = await Promise.all([
      createTestDatabase(options.label),
      options.natsUrl ? namespaceOn(options.natsUrl) : createTestNamespace(),
      createTestIdentity(),
    ]);
    const { sandbox } = options;
    const billing = await RealBilling.start(ns.prefix, identity, options.natsUrl);
    const holder: { harness?: PaymentsHarness } = {};
    const relay = await startWebhookRelay(
      () => holder.harness!.externalUrl ?? holder.harness!.service.url,
      identity.sign,
    );
    const self = new PaymentsHarness(options, db, ns, identity, sandbox, billing, relay);
    holder.harness = self;
    await self.boot();
    await self.enrol();
    return self;
  }

  private async boot(): Promise<void> {
    this.config = {
      kushkiSandboxUrl: this.sandbox.url,
      kushkiProductionUrl: 'http://127.0.0.1:9', // nothing listens: production is never called here
      cardFormUrls: { sandbox: `${this.sandbox.url}/hosted/card-form` },
      secretsKey: this.secretsKey,
      gatewayTimeoutMs: 2_000,
      reconciliation: { intervalMs: 0 },
      proofDirectory: this.proofDirectory,
      ...this.options.config,
    };
    this.serviceConfig = {
      port: 0,
      databaseUrl: this.db.url,
      natsUrl: this.options.natsUrl ?? NATS_URL,
      natsPrefix: this.ns.prefix,
      identityPublicJwk: this.identity.keys.publicJwk,
      logLevel: 'silent',
    };
    await this.startService();
  }

  async startService(): Promise<void> {
    this.service = await startService(
      definePaymentsService(this.config),
      this.serviceConfig,
      this.options.logger,
    );
    this.serviceRunning = true;
    this.deps = paymentsDeps(this.service, this.config);
  }

  /** The environment payments' main.ts needs to run as its own process on this harness. */
  processEnv(reconcileEveryMs: string): Record<string, string> {
    return {
      DATABASE_URL: this.db.url,
      NATS_URL: this.serviceConfig.natsUrl,
      NATS_PREFIX: this.ns.prefix,
      IDENTITY_PUBLIC_JWK: JSON.stringify(this.identity.keys.publicJwk),
      PAYMENTS_SECRETS_KEY: this.secretsKey.toString('base64'),
      KUSHKI_SANDBOX_URL: this.sandbox.url,
      PAYMENTS_RECONCILE_INTERVAL_MS: reconcileEveryMs,
      PAYMENTS_RECONCILE_PENDING_AFTER_MS: '0',
    };
  }

  /** Stops the in-process payments (consumers, outbox relay, HTTP). */
  async stopService(): Promise<void> {
    if (!this.serviceRunning) return;
    this.serviceRunning = false;
    await this.service.stop();
  }

  /** The schools, their merchants (sandbox and payments) and students, as enrolment says. */
  private async enrol(): Promise<void> {
    const box = new SecretBox(this.secretsKey);
    for (const [n, school] of this.schools.entries()) {
      await publishEvent(this.ns.nc, this.ns, schoolUpdatedV1, {
        school_id: school.id,
        name: n === 0 ? 'Colegio Prueba' : 'Colegio Vecino',
        kind: 'k12',
        status: 'operando',
        use_kushki_sandbox: true,
        gateway_credentials_ref: null,
        legal_name: null,
        tax_id: null,
        tax_regime: null,
        tax_zip_code: null,
      });
      for (const family of school.families)
        for (const [i, studentId] of family.studentIds.entries())
          await publishEvent(this.ns.nc, this.ns, studentCreatedV1, {
            student_id: studentId,
            school_id: school.id,
            first_name: ['Ana', 'Luis', 'Sofía'][i] ?? 'Alumno',
            last_name: `Pérez ${n}${i}`,
            level: 'elementary',
            section_id: null,
            status: 'active',
            billing_guardian_id: family.guardianId,
          });
      await saveMerchantCredentials(this.service.db, box, {
        schoolId: school.id,
        environment: 'sandbox',
        merchantId: school.merchantId,
        publicMerchantId: school.publicMerchantId,
        privateMerchantId: school.privateMerchantId,
        webhookSecret: school.webhookSecret,
      });
      const registered = await fetch(
        `${this.sandbox.url}/_sandbox/merchants/${school.publicMerchantId}`,
        {
          method: 'PUT',
          body: JSON.stringify({
            merchant_id: school.merchantId,
            private_merchant_id: school.privateMerchantId,
            webhook_url: `${this.relay.url}${WEBHOOK_PATH}`,
            webhook_signature: school.webhookSecret,
            payout_webhook_url: `${this.relay.url}${PAYOUT_WEBHOOK_PATH}`,
            subscription_webhook_url: `${this.relay.url}${SUBSCRIPTION_WEBHOOK_PATH}`,
          }),
        },
      );
      if (registered.status !== 200) throw new Error('the sandbox refused the merchant');
    }
    const students = this.schools.flatMap((s) => s.families.flatMap((f) => f.studentIds));
    await waitFor(async () => {
      const { rows } = await this.books.$client.query(
        'SELECT count(*)::int AS n FROM student_directory',
      );
      return rows[0].n === students.length;
    });
  }

  /** Billing's real service, on the harness's NATS namespace. */
  get realBilling(): RealBilling {
    return this.biller;
  }

  /**
   * `count` more families of one active child each in the school, enrolled as enrolment's
   * events enrol them (billing and payments both follow them): the checkout bench's families.
   */
  async enrolFamilies(
    school: SchoolFixture,
    count: number,
  ): Promise<{ guardianId: string; studentId: string }[]> {
    const families = Array.from({ length: count }, () => ({
      guardianId: randomUUID(),
      studentId: randomUUID(),
    }));
    for (const [i, f] of families.entries())
      await publishEvent(this.ns.nc, this.ns, studentCreatedV1, {
        student_id: f.studentId,
        school_id: school.id,
        first_name: 'Alumno',
        last_name: `Banco ${i + 1}`,
        level: 'elementary',
        section_id: null,
        status: 'active',
        billing_guardian_id: f.guardianId,
        guardian_ids: [f.guardianId],
      });
    const ids = families.map((f) => f.studentId);
    await waitFor(async () => {
      const { rows } = await this.books.$client.query(
        'SELECT count(*)::int AS n FROM student_directory WHERE student_id = ANY($1)',
        [ids],
      );
      return rows[0].n === ids.length;
    }, 60_000);
    return families;
  }

  async stop(): Promise<void> {
    await this.stopService();
    await this.books.$client.end();
    await this.biller.stop();
    await this.relay.stop();
    await this.sandbox.stop();
    await this.ns.dispose();
    await this.db.drop();
    rmSync(this.proofDirectory, { recursive: true, force: true });
  }

  guardian(school = this.schools[0]!, family = 0): IdentityClaims {
    return {
      kind: 'guardian',
      guardian_id: school.families[family]!.guardianId,
      school_ids: [school.id],
    };
  }

  staff(role: StaffRole, school = this.schools[0]!): IdentityClaims {
    return {
      kind: 'staff',
      user_id: `staff-${role.toLowerCase()}`,
      name: `Personal ${role.toLowerCase()}`,
      memberships: [{ school_id: school.id, role }],
    };
  }

  async call(claims: IdentityClaims, path: string, init: CallInit = {}): Promise<Answer> {
    return this.callAt(this.externalUrl ?? this.service.url, claims, path, init);
  }

  private async callAt(
    base: string,
    claims: IdentityClaims,
    path: string,
    init: CallInit,
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await this.identity.sign(claims)}`,
      ...init.headers,
    };
    if (init.form) return answerOf(await fetchForm(`${base}${path}`, init, headers));
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    return answerOf(
      await exchange(`${base}${path}`, {
        method: init.method,
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      }),
    );
  }

  /** A monthly fee for each student of a family (billed with billing.orders.billed). */
  async bill(
    school: SchoolFixture,
    studentIds: string[],
    over: Partial<Omit<BilledOrder, 'id'>> = {},
  ): Promise<BilledOrder[]> {
    const family = school.families.find((f) => f.studentIds.includes(studentIds[0]!))!;
    return this.biller.bill(
      studentIds.map((studentId) => ({
        schoolId: school.id,
        studentId,
        guardianId: family.guardianId,
        conceptName: 'Colegiatura',
        conceptType: 'MONTHLY_FEE',
        period: '2026-03',
        dueOn: '2026-03-10',
        amount: 350_000,
        lateFee: 0,
        ...over,
      })),
    );
  }

  /**
   * Tokenises a card at the gateway as the hosted form does in the browser (over `exchange`:
   * the checkout bench's 500 fetch sockets closed by undici's timers during the burst).
   */
  async tokenize(school: SchoolFixture, card: string, amountCentavos: number): Promise<string> {
    const res = await exchange(`${this.sandbox.url}/card/v1/tokens`, {
      method: 'POST',
      headers: {
        'Public-Merchant-Id': school.publicMerchantId,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        card: {
          name: 'MARÍA PÉREZ',
          number: card,
          expiryMonth: '12',
          expiryYear: '39',
          cvv: '123',
        },
        totalAmount: centavosToPesos(amountCentavos),
        currency: 'MXN',
      }),
    });
    const body = JSON.parse(res.body.toString('utf8')) as { token?: string };
    if (!body.token) throw new Error(`the sandbox refused the card: ${JSON.stringify(body)}`);
    return body.token;
  }

  /** Pays orders by card through checkout; returns the answer. */
  async checkout(
    school: SchoolFixture,
    orders: BilledOrder[],
    options: { card?: string; key?: string; claims?: IdentityClaims; token?: string } = {},
  ): Promise<Answer> {
    const total = orders.reduce((s, o) => s + o.amount - o.paidBase + o.lateFee - o.paidLateFee, 0);
    const token =
      options.token ?? (await this.tokenize(school, options.card ?? CARDS.approved, total));
    return this.call(options.claims ?? this.guardian(school), CHECKOUT_PATH, {
      method: 'POST',
      json: {
        school_id: school.id,
        items: orders.map((o) => ({ order_id: o.id })),
        card: { token },
      },
      headers: { 'idempotency-key': options.key ?? `pago-${randomUUID()}` },
    });
  }

  /** Waits until a payin has this status. */
  waitForStatus(payinId: string, status: string, timeoutMs = 10_000) {
    return waitFor(async () => {
      const { rows } = await this.books.$client.query('SELECT status FROM payins WHERE id = $1', [
        payinId,
      ]);
      return rows[0]?.status === status;
    }, timeoutMs);
  }

  async count(table: string, where = 'true', params: unknown[] = []): Promise<number> {
    const { rows } = await this.books.$client.query(
      `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
      params,
    );
    return rows[0].n;
  }

  /** The ledger balances and every school's receivable equals billing's open amounts. */
  async ledgerCheck() {
    return checkLedger(this.books, this.billingClient);
  }
}
