import { randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { startSmtpSandbox, type SmtpSandbox } from '@cuota/infra/sandboxes/smtp/smtp-sandbox.ts';
import {
  startWhatsAppSandbox,
  type WhatsAppSandbox,
} from '@cuota/infra/sandboxes/whatsapp/whatsapp-sandbox.ts';
import {
  startMessagingSandbox,
  type MessagingSandbox,
} from '@cuota/infra/sandboxes/messaging/messaging-sandbox.ts';
import { saveReminderSchedule, whatsAppWebhook } from '@cuota/contracts/notifications/endpoints';
import type { SaveReminderSchedule } from '@cuota/contracts/notifications/entities';
import { fillPath } from '@cuota/contracts/http/route-path';
import {
  trebleGuardianUrl,
  twilioGuardianUrl,
} from '@cuota/contracts/notifications/guardian-url-callbacks';
import { quoteOrdersRequest, type QuotedOrder } from '@cuota/contracts/billing/requests';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import type { EventDefinition } from '@cuota/contracts/events/event-envelope';
import {
  guardianCreatedV1,
  type GuardianSnapshot,
} from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { schoolUpdatedV1 } from '@cuota/contracts/events/enrolment.school.updated.v1';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { ordersBilledV1 } from '@cuota/contracts/events/billing.orders.billed.v1';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { serveReplies } from '@cuota/messaging/request-reply';
import { publishEvent } from '@cuota/testing/publish-event';
import { startService, type RunningService } from '@cuota/service-host/service-host';
import { startServiceUnderTest, type ServiceUnderTest } from '@cuota/testing/service-under-test';
import { createTestNamespace, type TestNamespace } from '@cuota/testing/test-namespace';
import type { TestIdentity } from '@cuota/testing/test-identity';
import { waitFor } from '@cuota/testing/wait-for';
import { startWebhookRelay } from '@cuota/testing/webhook-relay';
import { createNotificationsService } from '../notifications-service';
import type * as schema from '../schema';

export const SCHOOL_ID = '00000000-0000-4000-8000-00000000a001';
export const OTHER_SCHOOL_ID = '00000000-0000-4000-8000-00000000a002';
export const SCHOOL_NAME = 'Colegio Valle Verde';

export const staffOf = (schoolId: string, role: StaffRole): IdentityClaims => ({
  kind: 'staff',
  user_id: `user-${role}`,
  memberships: [{ school_id: schoolId, role }],
});
export const guardianClaims = (guardianId: string): IdentityClaims => ({
  kind: 'guardian',
  guardian_id: guardianId,
  school_ids: [SCHOOL_ID],
});

/** A family of the school: one guardian with an e-mail and one student billed to them. */
export interface Family {
  guardianId: string;
  studentId: string;
  email: string;
  /** Enrolment's portal token: the family's links go to /guardians/{guardianHash}/…. */
  guardianHash: string;
}

/**
 * Billing's side of `billing.orders.quote`, played on the test's NATS namespace: the orders
 * it calls open, with their due date and what is owed. Paying one removes it.
 */
export class OpenOrders {
  readonly orders = new Map<string, QuotedOrder>();
  asked = 0;
  open(order: { orderId: string; studentId: string; dueOn: string; centavos: number }) {
    this.orders.set(order.orderId, {
      order_id: order.orderId,
      student_id: order.studentId,
      concept_id: randomUUID(),
      concept_name: 'Colegiatura',
      concept_type: 'MONTHLY_FEE',
      period: order.dueOn.slice(0, 7),
      due_on: order.dueOn,
      pending_base_centavos: order.centavos,
      late_fee_due_centavos: 0,
      status: 'NOT_PAID',
      amount_centavos: order.centavos,
      late_fee_centavos: 0,
    });
  }
  pay(orderId: string) {
    this.orders.delete(orderId);
  }
}

export interface NotificationsTestSystem {
  underTest: ServiceUnderTest<typeof schema>;
  ns: TestNamespace;
  smtp: SmtpSandbox;
  mailbox: string;
  whatsapp: WhatsAppSandbox;
  /** Twilio and Treble on the family's side: a family writes, the school's webhook answers. */
  messaging: MessagingSandbox;
  billing: OpenOrders;
  /** The service's clock: tests move it. */
  clock: { now: Date };
  publish<D extends EventDefinition>(definition: D, data: z.infer<D['data']>): Promise<string>;
  /** Enrolment's events of a new family of the school; `guardian` overrides the snapshot. */
  family(n: number, phone?: string, guardian?: Partial<GuardianSnapshot>): Promise<Family>;
  /** Billing's events of one order per family, due on `dueOn`, and waits until it is kept. */
  bill(families: Family[], dueOn: string, centavos?: number): Promise<string[]>;
  /** The same bill run, published only: whether and when it is taken is the test's. */
  publishBill(
    families: Family[],
    dueOn: string,
    centavos?: number,
  ): Promise<{ eventId: string; orderIds: string[] }>;
  call(path: string, claims?: IdentityClaims, init?: RequestInit): Promise<Response>;
  /** `body` as JSON to `path` by `method`, as `claims`. */
  send(
    method: 'POST' | 'PUT',
    path: string,
    body: unknown,
    claims: IdentityClaims,
  ): Promise<Response>;
  /** The school's treasurer saves this reminder schedule; anything but 200 throws. */
  saveSchedule(schedule: SaveReminderSchedule): Promise<void>;
  /** A webhook as the provider posts it to the BFF (forwarded with an anonymous identity). */
  webhook(path: string, init: RequestInit): Promise<Response>;
  /** Another instance of the service on the same database and NATS namespace. */
  secondInstance(): Promise<RunningService<typeof schema>>;
  /** Waits until the service's inbox has these events. */
  consumed(...eventIds: string[]): Promise<void>;
  stop(): Promise<void>;
}

/** Reminders three days before, on and three days after the due date, by e-mail and WhatsApp. */
export const MAIL_AND_WHATSAPP_SCHEDULE: SaveReminderSchedule = {
  enabled: true,
  days_before: 3,
  on_due_day: true,
  days_overdue: 3,
  quiet_from: 21,
  quiet_until: 8,
  channels: ['MAIL', 'WHATSAPP'],
};

/** The WhatsApp account the tests' service sends from, in the sandbox. */
export const TEST_WHATSAPP = {
  phoneNumberId: '106540352242922',
  accessToken: 'token-de-prueba',
  appSecret: 'secreto-de-la-app-de-prueba',
};

/** The messaging providers' secrets the tests' guardian_url callbacks are signed with. */
export const TEST_CALLBACKS = {
  twilioAuthToken: 'token-de-twilio-de-prueba',
  trebleToken: 'token-de-treble-de-prueba',
};

/** The Slack app's signing secret the tests' interactions are signed with. */
export const TEST_SLACK_SIGNING_SECRET = 'secreto-de-firma-de-slack-de-prueba';

export interface NotificationsTestOptions {
  now?: Date;
  label?: string;
  identity?: TestIdentity;
  natsUrl?: string;
  /** Where failed notifications' alerts are posted (Slack's incoming webhook). */
  slackAlertsUrl?: string;
  /** The reminder schedule the treasurer saves once the system is up (useNotificationsTestSystem). */
  schedule?: SaveReminderSchedule;
}

/**
 * One system for the test file: started before all its tests (with `options.schedule` saved),
 * stopped after them. The returned object stands for the running system inside the tests.
 */
export function useNotificationsTestSystem(
  options: NotificationsTestOptions = {},
): NotificationsTestSystem {
  let running: NotificationsTestSystem | undefined;
  beforeAll(async () => {
    running = await startNotificationsTestSystem(options);
    if (options.schedule) await running.saveSchedule(options.schedule);
  });
  afterAll(() => running?.stop());
  return new Proxy({} as NotificationsTestSystem, {
    get(_, key) {
      if (!running) throw new Error('The notifications test system is not started yet');
      const value: unknown = Reflect.get(running, key);
      return typeof value === 'function' ? value.bind(running) : value;
    },
  });
}

/** Notifications on a throwaway database with the SMTP sandbox and short waits. */
export async function startNotificationsTestSystem(
  options: NotificationsTestOptions = {},
): Promise<NotificationsTestSystem> {
  const ns = await createTestNamespace(options.natsUrl);
  const smtp = await startSmtpSandbox({ smtpPort: 0, httpPort: 0 });
  const whatsapp = await startWhatsAppSandbox({ port: 0, ...TEST_WHATSAPP });
  // Notifications with short waits: the planner and the sender pass every 100 ms.
  const service = createNotificationsService({
    plannerIntervalMs: 100,
    sender: { batch: 10, idleMs: 100 },
    whatsapp: { apiUrl: `${whatsapp.url}/v21.0`, ...TEST_WHATSAPP },
    callbacks: TEST_CALLBACKS,
    slack: { signingSecret: TEST_SLACK_SIGNING_SECRET, alertsWebhookUrl: options.slackAlertsUrl },
  });
  const billing = new OpenOrders();
  const quotes = serveReplies(ns.nc, ns, quoteOrdersRequest, async (q) => {
    billing.asked += 1;
    return {
      as_of: '2026-09-01',
      orders: q.order_ids.flatMap((id) => billing.orders.get(id) ?? []),
    };
  });
  const clock = { now: options.now ?? new Date('2026-09-07T16:00:00Z') };
  const config = {
    ...(options.natsUrl ? { natsUrl: options.natsUrl } : {}),
    smtpUrl: `smtp://127.0.0.1:${smtp.smtpPort}`,
    mailFrom: 'Cuota <avisos@cuota.test>',
    publicUrl: 'http://portal.cuota.test',
    now: () => clock.now,
  };
  const underTest = await startServiceUnderTest(service, {
    label: options.label ?? 'notifications',
    natsPrefix: ns.prefix,
    identity: options.identity,
    config,
  });
  // Meta calls the BFF, which forwards the signed bytes with an anonymous identity.
  const relay = await startWebhookRelay(() => underTest.service.url, underTest.identity.sign);
  await fetch(`${whatsapp.url}/_sandbox/webhook`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: `${relay.url}${whatsAppWebhook.path}` }),
  });
  const messaging = await startMessagingSandbox({
    port: 0,
    ...TEST_CALLBACKS,
    // Twilio signs the public address it calls; the BFF (the relay here) forwards the bytes.
    twilioHook: {
      url: `${relay.url}${twilioGuardianUrl.path}`,
      signedUrl: `${config.publicUrl}${twilioGuardianUrl.path}`,
    },
    trebleHook: { url: `${relay.url}${trebleGuardianUrl.path}` },
  });
  const publish: NotificationsTestSystem['publish'] = (definition, data) =>
    publishEvent(ns.nc, ns, definition, data);
  const publishBill: NotificationsTestSystem['publishBill'] = async (
    families,
    dueOn,
    centavos = 250_000,
  ) => {
    const items = families.map((f) => ({
      order_id: randomUUID(),
      student_id: f.studentId,
      amount_centavos: centavos,
    }));
    for (const item of items)
      billing.open({ orderId: item.order_id, studentId: item.student_id, dueOn, centavos });
    const eventId = await publish(ordersBilledV1, {
      school_id: SCHOOL_ID,
      batch_id: randomUUID(),
      concept_id: randomUUID(),
      concept_type: 'MONTHLY_FEE',
      period: dueOn.slice(0, 7),
      orders: items.length,
      total_centavos: centavos * items.length,
      detail: { concept_name: 'Colegiatura', items },
    });
    return { eventId, orderIds: items.map((i) => i.order_id) };
  };
  const consumed = async (...eventIds: string[]) => {
    await waitFor(async () => {
      const [row] = await underTest.query<{ n: number }>(
        'SELECT count(DISTINCT event_id)::int AS n FROM inbox_events WHERE event_id = ANY($1)',
        [eventIds],
      );
      return row!.n === eventIds.length;
    });
  };
  const call: NotificationsTestSystem['call'] = async (path, claims, init = {}) => {
    const headers = new Headers(init.headers);
    if (claims) headers.set('authorization', `Bearer ${await underTest.identity.sign(claims)}`);
    return fetch(`${underTest.service.url}${path}`, { ...init, headers });
  };
  const send: NotificationsTestSystem['send'] = (method, path, body, claims) =>
    call(path, claims, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  // Known before any test's event: an alert or message names the school (else its id).
  const schoolKnown = await publish(schoolUpdatedV1, {
    school_id: SCHOOL_ID,
    name: SCHOOL_NAME,
    kind: 'k12',
    status: 'operando',
    use_kushki_sandbox: true,
    gateway_credentials_ref: null,
    legal_name: null,
    tax_id: null,
    tax_regime: null,
    tax_zip_code: null,
  });
  await consumed(schoolKnown);
  return {
    underTest,
    ns,
    smtp,
    mailbox: `http://127.0.0.1:${smtp.httpPort}/`,
    whatsapp,
    messaging,
    billing,
    clock,
    publish,
    consumed,
    async family(n, phone, guardian = {}) {
      const family = {
        guardianId: randomUUID(),
        studentId: randomUUID(),
        email: `familia${n}.${randomUUID().slice(0, 8)}@example.mx`,
        guardianHash: randomBytes(16).toString('base64url'),
      };
      const ids = [
        await publish(guardianCreatedV1, {
          guardian_id: family.guardianId,
          school_ids: [SCHOOL_ID],
          first_name: `Tutor${n}`,
          last_name: 'López',
          email: family.email,
          phone: phone ?? null,
          billing_name: null,
          tax_id: null,
          tax_zip_code: null,
          guardian_hash: family.guardianHash,
          onboarding_stage: 'COMPLETED',
          ...guardian,
        }),
        await publish(studentCreatedV1, {
          student_id: family.studentId,
          school_id: SCHOOL_ID,
          first_name: `Alumno${n}`,
          last_name: 'López',
          level: 'elementary',
          section_id: null,
          status: 'active',
          billing_guardian_id: family.guardianId,
          guardian_ids: [family.guardianId],
        }),
      ];
      await consumed(...ids);
      return family;
    },
    publishBill,
    async bill(families, dueOn, centavos = 250_000) {
      const { eventId, orderIds } = await publishBill(families, dueOn, centavos);
      await consumed(eventId);
      return orderIds;
    },
    secondInstance: () =>
      startService(service, {
        ...underTest.service.config,
        port: 0,
      }),
    call,
    send,
    async saveSchedule(schedule) {
      const path = fillPath(saveReminderSchedule.path, { schoolId: SCHOOL_ID });
      const saved = await send('PUT', path, schedule, staffOf(SCHOOL_ID, 'TREASURER'));
      if (saved.status !== 200) throw new Error(`schedule not saved: ${saved.status}`);
    },
    webhook: (path, init) => fetch(`${relay.url}${path}`, init),
    async stop() {
      quotes.unsubscribe();
      await underTest.stop();
      await smtp.stop();
      await relay.stop();
      await whatsapp.stop();
      await messaging.stop();
      await ns.dispose();
    },
  };
}
