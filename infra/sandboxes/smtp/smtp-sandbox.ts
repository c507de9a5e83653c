import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { Mailbox, type SandboxMessage } from './mailbox.ts';

export interface SmtpSandboxOptions {
  smtpPort: number;
  httpPort: number;
  host?: string;
}

export interface SmtpSandbox {
  smtpPort: number;
  httpPort: number;
  mailbox: Mailbox;
  /**
   * From now on each message is kept but its 250 is held until `release()`: the sender sees
   * no answer, as when it dies between the relay's acceptance and its own record (ADR 0094).
   */
  holdReplies: () => { release: () => void };
  stop: () => Promise<void>;
}

/** Addresses at this domain are refused (550), so a sender's failures can be seen. */
export const BOUNCING_DOMAIN = 'rebota.example';

/**
 * Stands in for the real mail relay: accepts any SMTP message on loopback and lets a
 * developer (or a test) read it over HTTP: GET /messages?to=…, GET /messages/:id,
 * DELETE /messages, and a plain HTML list at /.
 */
export async function startSmtpSandbox(options: SmtpSandboxOptions): Promise<SmtpSandbox> {
  const host = options.host ?? '127.0.0.1';
  const mailbox = new Mailbox();
  let held: Promise<void> = Promise.resolve();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: 10 * 1024 * 1024,
    // A mailbox that does not exist, as a real relay answers it: a permanent 550.
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().endsWith(`@${BOUNCING_DOMAIN}`)) {
        const refused = Object.assign(new Error('5.1.1 El buzón no existe'), { responseCode: 550 });
        return callback(refused);
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mailbox.add(
            mail,
            session.envelope.rcptTo.map((r) => r.address),
          );
          return held.then(() => callback());
        })
        .catch(callback);
    },
  });
  const web = http.createServer((req, res) => serveMailbox(mailbox, req, res));
  await listen((port, cb) => smtp.listen(port, host, cb), options.smtpPort);
  await listen((port, cb) => web.listen(port, host, cb), options.httpPort);
  return {
    smtpPort: (smtp.server.address() as AddressInfo).port,
    httpPort: (web.address() as AddressInfo).port,
    mailbox,
    holdReplies: () => {
      let release = () => {};
      held = new Promise((resolve) => (release = resolve));
      return {
        release: () => {
          held = Promise.resolve();
          release();
        },
      };
    },
    stop: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => web.close(() => resolve()));
    },
  };
}

function listen(start: (port: number, cb: () => void) => void, port: number): Promise<void> {
  return new Promise((resolve) => start(port, resolve));
}

function serveMailbox(mailbox: Mailbox, req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://sandbox');
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  if (req.method === 'GET' && url.pathname === '/messages')
    return json(200, mailbox.list(url.searchParams.get('to') ?? undefined));
  if (req.method === 'DELETE' && url.pathname === '/messages') {
    mailbox.clear();
    return json(200, { cleared: true });
  }
  const one = /^\/messages\/([0-9a-f-]{36})$/.exec(url.pathname);
  if (req.method === 'GET' && one) {
    const message = mailbox.get(one[1]!);
    return message
      ? json(200, message)
      : json(404, { error: { code: 'NOT_FOUND', message: 'Mensaje no encontrado.' } });
  }
  if (req.method === 'GET' && url.pathname === '/') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return res.end(renderInbox(mailbox.list()));
  }
  json(404, { error: { code: 'NOT_FOUND', message: 'La ruta solicitada no existe.' } });
}

function escape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function renderInbox(messages: SandboxMessage[]): string {
  const rows = messages
    .map(
      (m) =>
        `<article><h2>${escape(m.subject)}</h2><p><b>Para:</b> ${escape(m.to.join(', '))} · <b>De:</b> ${escape(m.from)} · ${escape(m.received_at)}</p><pre>${escape(m.text)}</pre></article>`,
    )
    .join('');
  return `<!doctype html><html lang="es"><meta charset="utf-8"><title>Buzón de pruebas · Cuota</title><body style="font-family:sans-serif;max-width:50rem;margin:auto"><h1>Buzón de pruebas (${messages.length})</h1>${rows || '<p>Aún no llegan correos.</p>'}</body></html>`;
}
