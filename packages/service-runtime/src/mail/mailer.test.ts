import { execFileSync } from 'node:child_process';
import path from 'node:path';

const mailerPath = path.join(__dirname, 'mailer.ts');

/** In a process of its own (a service's start): is nodemailer loaded before and after a mail? */
const script = `
  import { registerHooks } from 'node:module';
  let nodemailerLoaded = false;
  registerHooks({
    resolve(specifier, context, next) {
      if (specifier === 'nodemailer') nodemailerLoaded = true;
      return next(specifier, context);
    },
  });
  const { createMailer } = await import(${JSON.stringify(mailerPath)});
  const loaded = () => nodemailerLoaded;
  const mailer = createMailer('smtp://127.0.0.1:9', 'Cuota <avisos@cuota.test>');
  const atStart = loaded();
  const mail = { to: 'tutor@cuota.test', subject: 'Aviso', text: 'Hola', html: '<p>Hola</p>' };
  const sent = await mailer.send(mail).then(() => 'sent', (e) => e.code);
  mailer.close();
  console.log(JSON.stringify({ atStart, sent, afterMail: loaded() }));
`;

test('a mailer loads nodemailer with its first mail, not when the process starts', () => {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  // Port 9 refuses the connection: the mail went as far as nodemailer's SMTP client (ESOCKET).
  expect(JSON.parse(out)).toEqual({ atStart: false, sent: 'ESOCKET', afterMail: true });
});
