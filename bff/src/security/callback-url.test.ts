import { sameOriginUrl } from './callback-url';

const site = 'https://portal.cuota.mx';

describe('callbackUrl same-origin check', () => {
  test.each([
    ['/guardians/abc', 'https://portal.cuota.mx/guardians/abc'],
    ['/dashboard?x=1#y', 'https://portal.cuota.mx/dashboard?x=1#y'],
    ['https://portal.cuota.mx/store', 'https://portal.cuota.mx/store'],
  ])('accepts %s', (value, expected) => {
    expect(sameOriginUrl(value, [site])).toBe(expected);
  });

  test.each([
    'https://evil.example/phish',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'http://portal.cuota.mx/',
    'https://portal.cuota.mx.evil.example/',
    '/ok\n/x',
  ])('refuses %s', (value) => {
    expect(sameOriginUrl(value, [site])).toBeUndefined();
  });
});

test('each configured origin counts; relative paths resolve against the portal host', () => {
  const origins = [site, 'http://127.0.0.1:3000'];
  expect(sameOriginUrl('http://127.0.0.1:3000/guardians/x', origins)).toBe(
    'http://127.0.0.1:3000/guardians/x',
  );
  expect(sameOriginUrl('/dashboard', origins)).toBe('https://portal.cuota.mx/dashboard');
  expect(sameOriginUrl('http://127.0.0.1:4000/', origins)).toBeUndefined();
});
