import nodemailer from 'nodemailer';
import { startSmtpSandbox, type SmtpSandbox } from './smtp-sandbox.ts';
import type { SandboxMessage } from './mailbox.ts';

let sandbox: SmtpSandbox;
beforeAll(async () => {
  sandbox = await startSmtpSandbox({ smtpPort: 0, httpPort: 0 });
});
afterAll(() => sandbox.stop());

test('a mail sent over SMTP can be read back over HTTP by recipient', async () => {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: sandbox.smtpPort,
    secure: false,
  });
  await transport.sendMail({
    from: 'Cuota <no-responder@cuota.mx>',
    to: 'Mamá@Example.mx',
    subject: 'Tu código de acceso',
    text: 'Tu código es 123456',
  });
  await transport.sendMail({
    from: 'no-responder@cuota.mx',
    to: 'otro@example.mx',
    subject: 'Otro',
    text: 'x',
  });

  const api = `http://127.0.0.1:${sandbox.httpPort}`;
  const mine = (await (
    await fetch(`${api}/messages?to=mamá@example.mx`)
  ).json()) as SandboxMessage[];
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({ subject: 'Tu código de acceso', to: ['mamá@example.mx'] });
  expect(mine[0]!.text).toContain('123456');

  const one = (await (await fetch(`${api}/messages/${mine[0]!.id}`)).json()) as SandboxMessage;
  expect(one.subject).toBe('Tu código de acceso');
  const page = await (await fetch(`${api}/`)).text();
  expect(page).toContain('Buzón de pruebas (2)');

  await fetch(`${api}/messages`, { method: 'DELETE' });
  expect(await (await fetch(`${api}/messages`)).json()).toEqual([]);
  expect((await fetch(`${api}/messages/00000000-0000-0000-0000-000000000000`)).status).toBe(404);
});

test('a copy re-sent with the same Message-ID to the same recipient is accepted and dropped', async () => {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: sandbox.smtpPort,
    secure: false,
  });
  const mail = {
    from: 'avisos@cuota.mx',
    subject: 'Recordatorio',
    text: 'Tu colegiatura vence el 10',
    messageId: '<notificacion-1@notificaciones.cuota.mx>',
  };
  await transport.sendMail({ ...mail, to: 'papa@example.mx' });
  await transport.sendMail({ ...mail, to: 'papa@example.mx' });
  await transport.sendMail({ ...mail, to: 'mama@example.mx' });
  expect(sandbox.mailbox.list('papa@example.mx')).toHaveLength(1);
  expect(sandbox.mailbox.list('mama@example.mx')).toHaveLength(1);
  expect(sandbox.mailbox.duplicates).toBe(1);
});
