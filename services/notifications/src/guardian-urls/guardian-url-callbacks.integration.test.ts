/**
 * The spec's twilio and treble `guardian_url` callbacks (ADR 0084): a family writes to the
 * school's number and gets its portal's short link back; unsigned calls change nothing.
 */
import { createHmac } from 'node:crypto';
import {
  BAD_CALLBACK_SIGNATURE,
  trebleGuardianUrl,
  twilioGuardianUrl,
  UNKNOWN_PHONE,
} from '@cuota/contracts/notifications/guardian-url-callbacks';
import { ANONYMOUS_IDENTITY } from '@cuota/contracts/identity/identity-claims';
import {
  startNotificationsTestSystem,
  TEST_CALLBACKS,
  type NotificationsTestSystem,
} from '../test-support/notifications-test-system';

jest.setTimeout(60_000);

let system: NotificationsTestSystem;

beforeAll(async () => {
  system = await startNotificationsTestSystem();
});
afterAll(() => system?.stop());

/** As Twilio signs: the called URL, then each field's name and value sorted by name. */
function twilioSignature(fields: Record<string, string>, token = TEST_CALLBACKS.twilioAuthToken) {
  const url = `http://portal.cuota.test${twilioGuardianUrl.path}`;
  const data = Object.keys(fields)
    .sort()
    .reduce((all, name) => all + name + fields[name], url);
  return createHmac('sha1', token).update(data).digest('base64');
}

const twilio = (fields: Record<string, string>, signature = twilioSignature(fields)) =>
  system.webhook(twilioGuardianUrl.path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signature,
    },
    body: new URLSearchParams(fields).toString(),
  });

const treble = (body: unknown, token = TEST_CALLBACKS.trebleToken) =>
  system.webhook(trebleGuardianUrl.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-treble-token': token },
    body: JSON.stringify(body),
  });

/** Where a short link of the answer leads (the BFF's redirect, asked of the service). */
async function targetOf(shortLink: string) {
  const followed = await system.call(new URL(shortLink).pathname, ANONYMOUS_IDENTITY, {
    redirect: 'manual',
  });
  return followed.headers.get('location');
}

test('Twilio: a WhatsApp from a family number gets TwiML with its portal short link', async () => {
  const family = await system.family(1, '55 2468 1357');
  const res = await twilio({
    From: 'whatsapp:+5215524681357',
    To: 'whatsapp:+14155238886',
    Body: 'Hola, ¿cómo pago?',
    MessageSid: 'SM0123456789abcdef0123456789abcdef',
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
  const twiml = await res.text();
  const link = /(http:\/\/portal\.cuota\.test\/l\/[A-Za-z0-9_-]{8})/.exec(twiml)![1]!;
  expect(twiml).toBe(
    '<?xml version="1.0" encoding="UTF-8"?><Response><Message>' +
      `Hola, Tutor1: entra a tu portal de pagos en ${link}</Message></Response>`,
  );
  expect(await targetOf(link)).toBe(
    `/guardians/${family.guardianHash}/?utm_source=twilio&utm_medium=mensaje&utm_campaign=guardian_url`,
  );
});

test('Twilio: an unknown number is told so; a bad signature is a 401 in Spanish', async () => {
  const unknown = await twilio({ From: '+525500000001', Body: 'Hola' });
  expect(await unknown.text()).toContain(`<Message>${UNKNOWN_PHONE}</Message>`);
  const forged = await twilio(
    { From: '+525500000001', Body: 'Hola' },
    twilioSignature({ From: '+525500000001', Body: 'Hola' }, 'otro-token-cualquiera'),
  );
  expect(forged.status).toBe(401);
  expect(await forged.json()).toMatchObject({ error: { message: BAD_CALLBACK_SIGNATURE } });
});

test('Treble: the cellphone and country code get the family short link as JSON', async () => {
  const family = await system.family(2, '55 1357 2468');
  const res = await treble({ user: { cellphone: '5513572468', country_code: '52' } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { message: string; guardian_urls: { url: string }[] };
  expect(body.guardian_urls).toEqual([{ first_name: 'Tutor2', url: expect.any(String) }]);
  expect(body.message).toBe(
    `Hola, Tutor2: entra a tu portal de pagos en ${body.guardian_urls[0]!.url}`,
  );
  expect(await targetOf(body.guardian_urls[0]!.url)).toMatch(
    new RegExp(`^/guardians/${family.guardianHash}/\\?utm_source=treble&`),
  );
});

test('Treble: a wrong token is a 401; a body without cellphone a Spanish 400', async () => {
  const forged = await treble({ user: { cellphone: '5513572468' } }, 'token-equivocado');
  expect(forged.status).toBe(401);
  const bad = await treble({ usuario: {} });
  expect(bad.status).toBe(400);
  expect(JSON.stringify(await bad.json())).toContain('no trae el celular');
});
