/**
 * Short links (ADR 0084): a WhatsApp reminder carries `/l/{code}`, which redirects to the
 * family's portal page with its campaign parameters and counts each click until it expires;
 * `short_urls` says where a code leads.
 */
import { ANONYMOUS_IDENTITY } from '@cuota/contracts/identity/identity-claims';
import {
  EXPIRED_SHORT_LINK,
  shortUrl,
  UNKNOWN_SHORT_LINK,
} from '@cuota/contracts/notifications/short-links';
import { waitFor } from '@cuota/testing/wait-for';
import {
  MAIL_AND_WHATSAPP_SCHEDULE,
  useNotificationsTestSystem,
} from '../test-support/notifications-test-system';
import { SHORT_LINK_DAYS } from './short-link-repository';

jest.setTimeout(60_000);

const system = useNotificationsTestSystem({
  now: new Date('2026-09-07T16:00:00Z'),
  schedule: MAIL_AND_WHATSAPP_SCHEDULE,
});

const anonymous = (path: string) => system.call(path, ANONYMOUS_IDENTITY, { redirect: 'manual' });
const resolve = (code: string) => anonymous(`${shortUrl.path}?code=${code}`);

test('the WhatsApp link redirects to the family page, counts each click, and expires after its month', async () => {
  const family = await system.family(1, '55 1234 5678');
  await system.bill([family], '2026-09-10');
  const message = await waitFor(async () =>
    system.whatsapp.messages.find((m) => m.to === '525512345678'),
  );
  const link = new URL(message.text.split(' ').at(-1)!);
  expect(link.origin).toBe('http://portal.cuota.test');
  const code = link.pathname.split('/').at(-1)!;

  const followed = await anonymous(link.pathname);
  expect(followed.status).toBe(302);
  const target = followed.headers.get('location')!;
  expect(target).toMatch(
    new RegExp(`^/guardians/${family.guardianHash}/payments\\?notification_id=[0-9a-f-]{36}&`),
  );
  expect(new URL(target, link).searchParams.get('utm_source')).toBe('whatsapp');

  const asked = await resolve(code);
  expect(asked.status).toBe(200);
  expect(await asked.json()).toEqual({
    code,
    url: target,
    expires_at: new Date(system.clock.now.getTime() + SHORT_LINK_DAYS * 86_400_000).toISOString(),
    clicks: 2,
  });

  system.clock.now = new Date(system.clock.now.getTime() + (SHORT_LINK_DAYS + 1) * 86_400_000);
  const expired = await anonymous(link.pathname);
  expect(expired.status).toBe(404);
  expect(await expired.json()).toMatchObject({ error: { message: EXPIRED_SHORT_LINK } });
  const [row] = await system.underTest.query<{ clicks: number }>(
    'SELECT clicks FROM short_links WHERE code = $1',
    [code],
  );
  expect(row!.clicks).toBe(2);
});

test('an unknown code is a Spanish 404; a malformed one a Spanish 400', async () => {
  const unknown = await resolve('AAAAAAAA');
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toMatchObject({ error: { message: UNKNOWN_SHORT_LINK } });
  expect((await anonymous('/l/AAAAAAAA')).status).toBe(404);
  const malformed = await resolve('no-es-una-liga');
  expect(malformed.status).toBe(400);
  expect(JSON.stringify(await malformed.json())).toContain('Esa liga no es válida.');
});
