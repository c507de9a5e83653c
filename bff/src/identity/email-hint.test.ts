import { emailHint } from './email-hint';

test.each([
  ['mariana.lopez@gmail.com', 'ma•••@gmail.com'],
  ['jo@ejemplo.mx', 'j•••@ejemplo.mx'],
  ['a@b.mx', 'a•••@b.mx'],
  ['no-arroba', '•••'],
])('emailHint(%s) = %s', (email, hint) => {
  expect(emailHint(email)).toBe(hint);
});
