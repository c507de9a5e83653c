/**
 * Cuota's operations hear in Slack of a CFDI that was not stamped and of a payout or a refund
 * to a family's bank account the gateway declined (ADR 0103, 0110): invoicing's and payments' events, over real NATS, one alert per event
 * whatever the redeliveries.
 */
import { randomUUID } from 'node:crypto';
import { invoiceFailedV1 } from '@cuota/contracts/events/invoicing.invoice.failed.v1';
import { bankRefundDeclinedV1 } from '@cuota/contracts/events/payments.bank_refund.declined.v1';
import { payoutDeclinedV1 } from '@cuota/contracts/events/payments.payout.declined.v1';
import { publishEvent } from '@cuota/testing/publish-event';
import { waitFor } from '@cuota/testing/wait-for';
import {
  SCHOOL_ID,
  SCHOOL_NAME,
  TEST_SLACK_SIGNING_SECRET,
  startNotificationsTestSystem,
  type NotificationsTestSystem,
} from '../test-support/notifications-test-system';
import {
  startSlackSandbox,
  type SlackSandbox,
} from '@cuota/infra/sandboxes/slack/slack-sandbox.ts';

jest.setTimeout(60_000);

let slack: SlackSandbox;
let system: NotificationsTestSystem;

beforeAll(async () => {
  slack = await startSlackSandbox({ port: 0, signingSecret: TEST_SLACK_SIGNING_SECRET });
  system = await startNotificationsTestSystem({ slackAlertsUrl: slack.webhookUrl });
});
afterAll(async () => {
  await system?.stop();
  await slack?.stop();
});

const alertsAbout = (id: string) => slack.alerts.filter((a) => a.text.includes(id));

const failedStamp = () => ({
  invoice_id: randomUUID(),
  school_id: SCHOOL_ID,
  document: 'invoice',
  total_centavos: 4_850_00,
  error_code: 'CFDI40148',
  error_message: 'El código postal del receptor no coincide con el registrado en el SAT.',
  error_source: 'pac',
});

test('a failed stamp is one alert: the school, the amount, who refused it and why', async () => {
  const stamp = failedStamp();
  const eventId = await system.publish(invoiceFailedV1, stamp);
  const [alert] = await waitFor(() => {
    const found = alertsAbout(stamp.invoice_id);
    return found.length ? found : undefined;
  });
  expect(alert!.text).toBe(
    `No se timbró un CFDI (invoice, $4,850.00 MXN) de ${SCHOOL_NAME}: lo rechazó el PAC ` +
      '(reglas del SAT) con CFDI40148: El código postal del receptor no coincide con el ' +
      `registrado en el SAT. Factura ${stamp.invoice_id}; se corrige y se reintenta en Facturas.`,
  );
  expect(alert!.blocks).toEqual([{ type: 'section', text: { type: 'mrkdwn', text: alert!.text } }]);

  // Delivered again (same event, another Nats-Msg-Id), then a later failure of the stream:
  // once that one is alerted the redelivery was taken before it, and posted nothing.
  await publishEvent(system.ns.nc, system.ns, invoiceFailedV1, stamp, eventId, randomUUID());
  const later = failedStamp();
  await system.publish(invoiceFailedV1, later);
  await waitFor(() => alertsAbout(later.invoice_id).length === 1);
  expect(alertsAbout(stamp.invoice_id)).toHaveLength(1);
});

test('a declined payout is one alert: how much, of which day, and the bank’s reason', async () => {
  const payout = {
    payout_id: randomUUID(),
    school_id: SCHOOL_ID,
    collected_on: '2026-09-04',
    net_centavos: 1_934_50,
    reason: 'Cuenta destino rechazada por el banco.',
  };
  const eventId = await system.publish(payoutDeclinedV1, payout);
  await waitFor(() => alertsAbout(payout.payout_id).length === 1);
  expect(alertsAbout(payout.payout_id)[0]!.text).toBe(
    `La pasarela rechazó la dispersión de $1,934.50 MXN del 2026-09-04 de ${SCHOOL_NAME}: ` +
      `Cuenta destino rechazada por el banco. Dispersión ${payout.payout_id}; se envía de ` +
      'nuevo (otra cuenta, si hace falta) desde Dispersiones.',
  );

  await publishEvent(system.ns.nc, system.ns, payoutDeclinedV1, payout, eventId, randomUUID());
  const later = { ...payout, payout_id: randomUUID() };
  await system.publish(payoutDeclinedV1, later);
  await waitFor(() => alertsAbout(later.payout_id).length === 1);
  expect(alertsAbout(payout.payout_id)).toHaveLength(1);
});

test('a declined bank refund is one alert: how much, to whom, and that it stayed credit', async () => {
  const refund = {
    reversal_id: randomUUID(),
    payin_id: randomUUID(),
    school_id: SCHOOL_ID,
    amount_centavos: 2_150_00,
    holder_name: 'Mario Pérez',
    bank_name: 'Banamex',
    reason:
      'Cuenta destino rechazada por el banco. La pasarela no pudo enviar el dinero a la cuenta: queda como saldo a favor.',
  };
  const eventId = await system.publish(bankRefundDeclinedV1, refund);
  await waitFor(() => alertsAbout(refund.reversal_id).length === 1);
  expect(alertsAbout(refund.reversal_id)[0]!.text).toBe(
    `La pasarela rechazó la devolución de $2,150.00 MXN a la cuenta de Mario Pérez (Banamex) ` +
      `de ${SCHOOL_NAME}: Cuenta destino rechazada por el banco. La pasarela no pudo enviar el ` +
      `dinero a la cuenta: queda como saldo a favor. Pago ${refund.payin_id}, devolución ` +
      `${refund.reversal_id}; la escuela avisa a la familia y acuerda con ella otra cuenta.`,
  );

  await publishEvent(system.ns.nc, system.ns, bankRefundDeclinedV1, refund, eventId, randomUUID());
  const later = { ...refund, reversal_id: randomUUID() };
  await system.publish(bankRefundDeclinedV1, later);
  await waitFor(() => alertsAbout(later.reversal_id).length === 1);
  expect(alertsAbout(refund.reversal_id)).toHaveLength(1);
});
