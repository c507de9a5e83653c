import { pooledSmtpUrl } from './pooled-smtp';

test('turns on the pool with five connections', () => {
  expect(pooledSmtpUrl('smtp://127.0.0.1:2525')).toBe(
    'smtp://127.0.0.1:2525?pool=true&maxConnections=5',
  );
});

test('keeps what the URL already says, credentials included', () => {
  expect(pooledSmtpUrl('smtps://u:p@relay.mx:465/?pool=false&maxConnections=2')).toBe(
    'smtps://u:p@relay.mx:465/?pool=false&maxConnections=2',
  );
});
