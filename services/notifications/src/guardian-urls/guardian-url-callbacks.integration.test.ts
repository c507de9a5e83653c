/**
 * The spec's twilio and treble `guardian_url` callbacks (ADR 0084): a family writes to the
 * school's number and gets its portal's short link back; unsigned calls change nothing.
 */
import type { Conversation } from '@cuota/infra/sandboxes/messaging/messaging-sandbox.ts';
import { twilioSignature } from '@cuota/infra/sandboxes/messaging/twilio-signature.ts';
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

/** As Twilio signs, for the public URL the service knows itself by. */
const signedForUs = (fields: Record<string, string>, token = TEST_CALLBACKS.twilioAuthToken) =>
  twilioSignature(
    token,
    `http://portal.cuota.test${twilioGuardianUrl.path}`,
    new URLSearchParams(fields),
  );

/** A family writes to the school's number; the messaging sandbox plays the provider. */
async function familyWrites(provider: 'twilio' | 'treble', message: object): Promise<Conversation> {
  const res = await fetch(`${system.messaging.url}/_sandbox/${provider}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(message),
  });
  return (await res.json()) as Conversation;
}

const twilio = (fields: Record<string, string>, signature = signedForUs(fields)) =>
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
  const conversation = await familyWrites('twilio', {
    from: '+5215524681357',
    body: 'Hola, ¿cómo pago?',
  });
  expect(conversation.status).toBe(200);
  const link = /(http:\/\/portal\.cuota\.test\/l\/[A-Za-z0-9_-]{8})/.exec(conversation.reply)![1]!;
  expect(conversation.reply).toBe(`Hola, Tutor1: entra a tu portal de pagos en ${link}`);
  expect(await targetOf(link)).toBe(
    `/guardians/${family.guardianHash}/?utm_source=twilio&utm_medium=mensaje&utm_campaign=guardian_url`,
  );
});

test('Twilio is answered in TwiML (text/xml)', async () => {
  const fields = { From: 'whatsapp:+525500000002', Body: '<hola & adiós>' };
  const res = await twilio(fields);
  expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
  expect(await res.text()).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?><Response><Message>/);
});

test('Twilio: an unknown number is told so; a bad signature is a 401 in Spanish', async () => {
  const unknown = await twilio({ From: '+525500000001', Body: 'Hola' });
  expect(await unknown.text()).toContain(`<Message>${UNKNOWN_PHONE}</Message>`);
  const forged = await twilio(
    { From: '+525500000001', Body: 'Hola' },
    signedForUs({ From: '+525500000001', Body: 'Hola' }, 'otro-token-cualquiera'),
  );
  expect(forged.status).toBe(401);
  expect(await forged.json()).toMatchObject({ error: { message: BAD_CALLBACK_SIGNATURE } });
});

test('Treble: the cellphone and country code get the family short link as JSON', async () => {
  const family = await system.family(2, '55 1357 2468');
  const conversation = await familyWrites('treble', {
    cellphone: '5513572468',
    country_code: '52',
  });
  expect(conversation.status).toBe(200);
  const link = /(http:\/\/portal\.cuota\.test\/l\/[A-Za-z0-9_-]{8})/.exec(conversation.reply)![1]!;
  expect(conversation.reply).toBe(`Hola, Tutor2: entra a tu portal de pagos en ${link}`);
  expect(await targetOf(link)).toMatch(
    new RegExp(`^/guardians/${family.guardianHash}/\\?utm_source=treble&`),
  );
  const direct = await treble({ user: { cellphone: '5513572468', country_code: '52' } });
  expect(await direct.json()).toEqual({
    message: expect.any(String),
    guardian_urls: [{ first_name: 'Tutor2', url: expect.any(String) }],
  });
});

test('Treble: a wrong token is a 401; a body without cellphone a Spanish 400', async () => {
  const forged = await treble({ user: { cellphone: '5513572468' } }, 'token-equivocado');
  expect(forged.status).toBe(401);
  const bad = await treble({ usuario: {} });
  expect(bad.status).toBe(400);
  expect(JSON.stringify(await bad.json())).toContain('no trae el celular');
});
