import { maskGuardianLinks } from './request-logging';

test('access logs never carry a guardian link', () => {
  const hash = 'Zx8_kP2qLmN4vR7tYw1aBc3dEf5gHi6j';
  expect(maskGuardianLinks(`/guardians/${hash}/login?x=1`)).toBe('/guardians/[hash]/login?x=1');
  expect(maskGuardianLinks(`/api/v1/guardians/login/${hash}/`)).toBe(
    '/api/v1/guardians/login/[hash]/',
  );
  expect(maskGuardianLinks('/api/v1/guardians/login/send_code/')).toBe(
    '/api/v1/guardians/login/send_code/',
  );
  expect(maskGuardianLinks('/api/v1/guardians/me/')).toBe('/api/v1/guardians/me/');
});
