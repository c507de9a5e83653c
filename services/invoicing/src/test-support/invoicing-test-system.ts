/**
 * Test-only: invoicing as it runs, with what it talks to — PostgreSQL, NATS, the PAC sandbox
 * (infra/sandboxes/pac) — and a producer whose outbox publishes enrolment's and payments'
 * events exactly as those services do.
 */
import type { PublicoEnGeneralMode } from '@cuota/contracts/invoicing/global-invoice';
import { randomBytes, randomUUID } from 'node:crypto';
import { startPacSandbox, type PacSandbox } from '@cuota/infra/sandboxes/pac/pac-sandbox.ts';
import type { GuardianSnapshot } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import type { StudentSnapshot } from '@cuota/contracts/events/enrolment.student.created.v1';
import type { PayinSucceeded } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import type { PayinReversed } from '@cuota/contracts/events/payments.payin.reversed.v1';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import type { Allocation } from '@cuota/contracts/payments/payins';
import type { ServiceConfig } from '@cuota/service-host/service-config';
import type { RunningService } from '@cuota/service-host/service-host';
import { startServiceUnderTest, type ServiceUnderTest } from '@cuota/testing/service-under-test';
import type { TestIdentity } from '@cuota/testing/test-identity';
import { createTestNamespace } from '@cuota/testing/test-namespace';
import { startTestProducer, type TestProducer } from '@cuota/testing/test-producer';
import { waitFor } from '@cuota/testing/wait-for';
import { generateDemoCsd } from '../cfdi/demo-csd';
import { saveFiscalEntity } from '../fiscal-entities/save-fiscal-entity';
import { createInvoicingService } from '../invoicing-service';
import type * as schema from '../schema';
import { SecretBox } from '../secrets/secret-box';
import type { InvoiceRow } from '../invoices/invoice-repository';
import type { InvoicePart } from '@cuota/contracts/invoicing/invoices';
import type { InvoiceTiming } from '@cuota/contracts/invoicing/fiscal-entities';
import type { PacSettings } from '../pac/pac-settings';

/** Invoicing's account with its PAC sandbox. */
export const PAC_ACCOUNT = { user: 'facturacion@cuota.mx', password: 'contraseña-pac-pruebas' };
export const SCHOOL_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_SCHOOL_ID = '22222222-2222-4222-8222-222222222222';

export const SCHOOL = {
  rfc: 'EKU9003173C9',
  legalName: 'ESCUELA KEMPER URGATE',
  regimenFiscal: '603',
  postalCode: '42501',
  rvoe: { elementary: '09PPR0001A', middle: 'ES-458/2019' },
} as const;

export interface InvoicingTestSystem {
  invoicing: RunningService<typeof schema>;
  pac: PacSandbox;
  box: SecretBox;
  publish: TestProducer['publish'];
  /** Publishes an event's exact payload again (a redelivery, under a new Nats-Msg-Id). */
  republish: TestProducer['republish'];
  registerTaxpayer(rfc: string, name: string, postalCode: string, regimes: string[]): Promise<void>;
  pacBehaviour(changes: Record<string, number>): Promise<void>;
  call(path: string, claims?: IdentityClaims, init?: RequestInit): Promise<Response>;
  invoicesOf(sourceId: string): Promise<InvoiceRow[]>;
  /** Waits until invoicing's inbox has taken these events (its consumer ran, or skipped one). */
  consumed(...eventIds: string[]): Promise<void>;
  /** Waits until the source's invoice for the student (and part) is no longer pending. */
  settled(
    sourceId: string,
    studentId: string,
    part?: InvoicePart,
    timeoutMs?: number,
  ): Promise<InvoiceRow>;
  stop(): Promise<void>;
}

/** Invoicing's real service stamping through a PAC sandbox of its own, and its SecretBox. */
export interface InvoicingOnPac {
  underTest: ServiceUnderTest<typeof schema>;
  pac: PacSandbox;
  box: SecretBox;
}

export async function startInvoicingOnPac(options: {
  label: string;
  natsPrefix: string;
  identity?: TestIdentity;
  pacTimeoutMs?: number;
  /** The PAC sandbox's clock (SAT's acceptance rules count business days on it). */
  pacNow?: () => Date;
  /** The service's own config besides the defaults (its SMTP, its clock…). */
  config?: Partial<ServiceConfig>;
}): Promise<InvoicingOnPac> {
  const pac = await startPacSandbox({ port: 0, account: PAC_ACCOUNT, now: options.pacNow });
  const secretsKey = randomBytes(32).toString('base64');
  const underTest = await startServiceUnderTest(
    createInvoicingService({
      pac: pacSettingsFor(pac, options.pacTimeoutMs),
      secretsKey,
      stamping: { retryBaseMs: 100, retryCapMs: 400, pollMs: 100 },
    }),
    {
      label: options.label,
      natsPrefix: options.natsPrefix,
      identity: options.identity,
      config: options.config,
    },
  ).catch(async (err: unknown) => {
    await pac.stop();
    throw err;
  });
  return { underTest, pac, box: new SecretBox(secretsKey) };
}

/** Invoicing's PAC settings for a sandbox: SW's API and SAT's consulta both at its URL. */
export function pacSettingsFor(pac: PacSandbox, timeoutMs = 5_000): PacSettings {
  return {
    provider: 'sw',
    url: pac.url,
    credentials: PAC_ACCOUNT,
    satConsultaUrl: `${pac.url}/ConsultaCFDIService.svc`,
    timeoutMs,
  };
}

/** The PAC sandbox's control API (infra/sandboxes/pac): taxpayers and behaviour. */
export async function controlPac(
  pacUrl: string,
  method: string,
  route: string,
  body: unknown,
): Promise<void> {
  const res = await fetch(`${pacUrl}/_sandbox${route}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`PAC sandbox ${route}: ${res.status} ${await res.text()}`);
}

export async function startInvoicingTestSystem(
  options: { pacTimeoutMs?: number; pacNow?: () => Date; config?: Partial<ServiceConfig> } = {},
): Promise<InvoicingTestSystem> {
  const ns = await createTestNamespace();
  const producer = await startTestProducer(ns, 'invoicing_producer');
  const { underTest, pac, box } = await startInvoicingOnPac({
    label: 'invoicing',
    natsPrefix: ns.prefix,
    pacTimeoutMs: options.pacTimeoutMs,
    pacNow: options.pacNow,
    config: options.config,
  });
  const invoicing = underTest.service;
  const identity = underTest.identity;
  const control = (method: string, route: string, body: unknown) =>
    controlPac(pac.url, method, route, body);

  const invoicesOf = (sourceId: string) =>
    invoicing.db.query.invoices.findMany({
      where: (t, { eq }) => eq(t.sourceId, sourceId),
      orderBy: (t, { asc }) => [asc(t.createdAt)],
    });

  return {
    invoicing,
    pac,
    box,
    publish: producer.publish,
    republish: producer.republish,
    registerTaxpayer: (rfc, name, postalCode, regimes) =>
      control('PUT', `/taxpayers/${rfc}`, { name, postal_code: postalCode, regimes }),
    pacBehaviour: (changes) => control('PUT', '/behaviour', changes),
    async call(route, claims, init = {}) {
      const headers = new Headers(init.headers);
      if (claims) headers.set('authorization', `Bearer ${await identity.sign(claims)}`);
      return fetch(`${invoicing.url}${route}`, { ...init, headers });
    },
    invoicesOf,
    async consumed(...eventIds) {
      await waitFor(async () => {
        const { rows } = await invoicing.db.$client.query(
          'SELECT count(DISTINCT event_id)::int AS n FROM inbox_events WHERE event_id = ANY($1)',
          [eventIds],
        );
        return rows[0].n === eventIds.length;
      }, 20_000);
    },
    async settled(sourceId, studentId, part, timeoutMs = 20_000) {
      return waitFor(
        async () =>
          (await invoicesOf(sourceId)).find(
            (i) =>
              i.studentId === studentId && (!part || i.part === part) && i.status !== 'pending',
          ),
        timeoutMs,
        50,
      );
    },
    async stop() {
      await underTest.stop();
      await pac.stop();
      await producer.stop();
      await ns.dispose();
    },
  };
}

/** The school's fiscal data and a fresh demo CSD, as the seed or staff would save them. */
export async function saveSchoolFiscalEntity(
  system: Pick<InvoicingTestSystem, 'box' | 'registerTaxpayer'> & {
    invoicing: Pick<InvoicingTestSystem['invoicing'], 'db'>;
  },
  schoolId = SCHOOL_ID,
  invoiceTiming: InvoiceTiming = 'payment',
  publicoEnGeneral: PublicoEnGeneralMode = 'per_payment',
): Promise<void> {
  const password = 'contraseña-csd';
  const csd = generateDemoCsd({
    rfc: SCHOOL.rfc,
    legalName: SCHOOL.legalName,
    password,
    validFrom: new Date(Date.now() - 24 * 3600_000),
  });
  await system.invoicing.db.transaction((tx) =>
    saveFiscalEntity(
      tx,
      system.box,
      schoolId,
      {
        issuer: SCHOOL,
        series: 'A',
        invoiceTiming,
        publicoEnGeneral,
        csd: { cer: csd.cer, key: csd.key, password },
      },
      new Date(),
    ),
  );
  await system.registerTaxpayer(SCHOOL.rfc, SCHOOL.legalName, SCHOOL.postalCode, ['603']);
}

export const uuidOf = (n: number) => `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function guardian(n: number, fiscal: Partial<GuardianSnapshot> = {}): GuardianSnapshot {
  return {
    guardian_id: uuidOf(n),
    school_ids: [SCHOOL_ID],
    first_name: 'Carlos',
    last_name: 'Ortega Salazar',
    email: `tutor${n}@example.mx`,
    billing_name: 'CARLOS ORTEGA SALAZAR',
    tax_id: 'COSC8001137NA',
    tax_zip_code: '06600',
    tax_regime: '605',
    ...fiscal,
  };
}

export function student(n: number, data: Partial<StudentSnapshot> = {}): StudentSnapshot {
  return {
    student_id: uuidOf(1000 + n),
    school_id: SCHOOL_ID,
    first_name: 'Ana Sofía',
    last_name: 'Ortega Núñez',
    level: 'elementary',
    section_id: null,
    status: 'active',
    billing_guardian_id: uuidOf(1),
    curp: 'OENA160315MDFRXNA3',
    ...data,
  };
}

export function colegiatura(studentId: string, over: Partial<Allocation> = {}): Allocation {
  return {
    order_id: randomUUID(),
    student_id: studentId,
    concept_id: uuidOf(500),
    concept_name: 'Colegiatura',
    concept_type: 'MONTHLY_FEE',
    period: '2026-09',
    base_centavos: 4_850_00,
    late_fee_centavos: 0,
    discount_centavos: 0,
    ...over,
  };
}

export function payin(over: Partial<PayinSucceeded>): PayinSucceeded {
  const allocations = over.allocations ?? [];
  return {
    payin_id: randomUUID(),
    school_id: SCHOOL_ID,
    type: 'CARD',
    method: 'credit_card',
    amount_centavos: allocations.reduce((s, a) => s + a.base_centavos + a.late_fee_centavos, 0),
    paid_at: new Date(Date.now() - 60_000).toISOString(),
    guardian_id: uuidOf(1),
    allocations,
    credit_created_centavos: 0,
    credit_student_id: null,
    ...over,
  };
}

/** Payments' refund of a payment: whole, or of the allocations given. */
export function refundOf(paid: PayinSucceeded, allocations?: Allocation[]): PayinReversed {
  const back = allocations ?? paid.allocations;
  return {
    reversal_id: randomUUID(),
    payin_id: paid.payin_id,
    school_id: paid.school_id,
    kind: 'refund',
    whole: allocations === undefined,
    amount_centavos: back.reduce((s, a) => s + a.base_centavos + a.late_fee_centavos, 0),
    allocations: back,
    credit_reversed_centavos: 0,
    reason: 'Reembolso solicitado por la familia',
    reversed_at: new Date().toISOString(),
    reversed_by: 'user-OWNER',
  };
}

export const staffOf = (schoolId: string, role: StaffRole): IdentityClaims => ({
  kind: 'staff',
  user_id: `user-${role}`,
  memberships: [{ school_id: schoolId, role }],
});

export const guardianClaims = (n: number): IdentityClaims => ({
  kind: 'guardian',
  guardian_id: uuidOf(n),
  school_ids: [SCHOOL_ID],
});
