/**
 * Staff e-mail a stamped invoice (ADR 0037 "delivery"): to its billing guardian or the
 * address they type, with the XML and the PDF attached, through the SMTP sandbox.
 */
import { startSmtpSandbox, type SmtpSandbox } from '@cuota/infra/sandboxes/smtp/smtp-sandbox.ts';
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { randomUUID } from 'node:crypto';
import {
  payinReversedV1,
  type PayinReversed,
} from '@cuota/contracts/events/payments.payin.reversed.v1';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { apiErrorSchema } from '@cuota/contracts/common/api-error';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { messagesTo, waitForMessage } from '@cuota/testing/mailbox';
import { waitFor } from '@cuota/testing/wait-for';
import { guardianEmail } from '../guardians/fiscal-guardian-repository';
import {
  OTHER_SCHOOL_ID,
  SCHOOL_ID,
  colegiatura,
  guardian,
  guardianClaims,
  payin,
  saveSchoolFiscalEntity,
  staffOf,
  startInvoicingTestSystem,
  student,
  uuidOf,
  type InvoicingTestSystem,
} from '../test-support/invoicing-test-system';
import type { InvoiceRow } from './invoice-repository';
import { NO_GUARDIAN_EMAIL } from './invoice-mail-handlers';

jest.setTimeout(60_000);

let smtp: SmtpSandbox;
let mailbox: string;
let system: InvoicingTestSystem;
let stamped: InvoiceRow;
const FAMILY = 'tutor1@example.mx';
const accountant = staffOf(SCHOOL_ID, 'ACCOUNTANT');
const send = (
  row: InvoiceRow,
  who: IdentityClaims = accountant,
  body: object = {},
  school = SCHOOL_ID,
) =>
  system.call(`/api/v1/dashboard/schools/${school}/invoices/${row.id}/send_email/`, who, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  smtp = await startSmtpSandbox({ smtpPort: 0, httpPort: 0 });
  mailbox = `http://127.0.0.1:${smtp.httpPort}/`;
  system = await startInvoicingTestSystem({
    config: {
      smtpUrl: `smtp://127.0.0.1:${smtp.smtpPort}`,
      mailFrom: 'Cuota <no-responder@cuota.test>',
    },
  });
  await saveSchoolFiscalEntity(system);
  await system.registerTaxpayer('COSC8001137NA', 'CARLOS ORTEGA SALAZAR', '06600', ['605']);
  await system.publish(guardianCreatedV1, guardian(1));
  await system.publish(studentCreatedV1, student(1));
  const paid = payin({ allocations: [colegiatura(student(1).student_id)] });
  await system.publish(payinSucceededV1, paid);
  stamped = await system.settled(paid.payin_id, student(1).student_id);
});

afterAll(async () => {
  await system?.stop();
  await smtp?.stop();
});

test('to the billing guardian, with the stamped XML and its PDF attached', async () => {
  expect(stamped.status).toBe('success');
  const res = await send(stamped);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ sent_to: FAMILY });
  const mail = await waitForMessage(mailbox, FAMILY);
  expect(mail.subject).toBe(`Tu factura A-${stamped.folio} de ESCUELA KEMPER URGATE`);
  expect(mail.text).toContain(`Folio fiscal (UUID): ${stamped.uuid}.`);
  expect(mail.text).toContain('$4,850.00');
  expect(mail.attachments.map((a) => [a.filename, a.content_type])).toEqual([
    [`factura-A-${stamped.folio}.xml`, 'application/xml'],
    [`factura-A-${stamped.folio}.pdf`, 'application/pdf'],
  ]);
  expect(mail.attachments[0]!.size).toBe(Buffer.byteLength(stamped.stampedXml!));
});

test('to an address staff type; a malformed one is a 400 and nothing is sent', async () => {
  const other = 'contabilidad@example.mx';
  expect(await (await send(stamped, accountant, { email: other })).json()).toEqual({
    sent_to: other,
  });
  await waitForMessage(mailbox, other);
  const bad = await send(stamped, accountant, { email: 'no-es-correo' });
  expect(bad.status).toBe(400);
  expect(await messagesTo(mailbox, 'no-es-correo')).toEqual([]);
});

test('who may: the treasurer may not send; another school’s staff find nothing', async () => {
  const before = (await messagesTo(mailbox, FAMILY)).length;
  expect((await send(stamped, staffOf(SCHOOL_ID, 'TREASURER'))).status).toBe(403);
  expect(
    (await send(stamped, staffOf(OTHER_SCHOOL_ID, 'ACCOUNTANT'), {}, OTHER_SCHOOL_ID)).status,
  ).toBe(404);
  expect((await messagesTo(mailbox, FAMILY)).length).toBe(before);
});

describe('a payment’s invoices, all at once', () => {
  const path = (payinId: string, school = SCHOOL_ID) =>
    `/api/v1/schools/${school}/payins/${payinId}/send_invoices_to_email/`;
  const POST = { method: 'POST' };

  test('the family gets each stamped CFDI of its payment at its own address', async () => {
    const before = (await messagesTo(mailbox, FAMILY)).length;
    const res = await system.call(path(stamped.sourceId), guardianClaims(1), POST);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: 1, sent_to: [FAMILY] });
    const mail = await waitForMessage(mailbox, FAMILY, before + 1);
    expect(mail.attachments).toHaveLength(2);
  });

  test('another family, another school or an unknown payment: nothing is sent', async () => {
    const before = (await messagesTo(mailbox, FAMILY)).length;
    expect((await system.call(path(stamped.sourceId), guardianClaims(9), POST)).status).toBe(404);
    const elsewhere = staffOf(OTHER_SCHOOL_ID, 'ACCOUNTANT');
    expect(
      (await system.call(path(stamped.sourceId, OTHER_SCHOOL_ID), elsewhere, POST)).status,
    ).toBe(404);
    expect((await system.call(path(uuidOf(777)), accountant, POST)).status).toBe(404);
    expect(
      (await system.call(path(stamped.sourceId), staffOf(SCHOOL_ID, 'TREASURER'), POST)).status,
    ).toBe(403);
    expect((await messagesTo(mailbox, FAMILY)).length).toBe(before);
  });
});

test('a credit note is e-mailed to the family unasked once stamped, once', async () => {
  const event: PayinReversed = {
    reversal_id: randomUUID(),
    payin_id: stamped.sourceId,
    school_id: SCHOOL_ID,
    kind: 'refund',
    whole: false,
    amount_centavos: 500_00,
    allocations: [
      { ...stamped.lines[0]!, student_id: student(1).student_id, base_centavos: 500_00 },
    ],
    credit_reversed_centavos: 0,
    reason: 'Reembolso parcial',
    reversed_at: new Date().toISOString(),
    reversed_by: 'user-OWNER',
  };
  await system.republish(await system.publish(payinReversedV1, event));
  const mail = await waitFor(async () => {
    const all = await messagesTo(mailbox, FAMILY);
    return all.find((m) => m.subject.startsWith('Tu nota de crédito'));
  }, 30_000);
  expect(mail.text).toContain('$500.00');
  expect(mail.attachments.map((a) => a.content_type)).toEqual([
    'application/xml',
    'application/pdf',
  ]);
  // The reversal arrived twice: one credit note, one e-mail.
  const notes = (await messagesTo(mailbox, FAMILY)).filter((m) =>
    m.subject.startsWith('Tu nota de crédito'),
  );
  expect(notes).toHaveLength(1);
});

test('a guardian without e-mail: says to type one (422)', async () => {
  await system.publish(guardianCreatedV1, guardian(1, { email: null }));
  await waitFor(async () => (await guardianEmail(system.invoicing.db, uuidOf(1))) === null);
  const res = await send(stamped);
  expect(res.status).toBe(422);
  expect(apiErrorSchema.parse(await res.json()).error.message).toBe(NO_GUARDIAN_EMAIL);
});
