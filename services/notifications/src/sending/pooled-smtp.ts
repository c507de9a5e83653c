/** SMTP connections a sender keeps open to the relay (nodemailer's default is 5 as well). */
const POOL_CONNECTIONS = 5;

/**
 * The SMTP_URL with nodemailer's pool turned on (its documented `?pool=true` connection-URL
 * option) unless the URL already says: a morning's reminders then reuse a few open connections
 * instead of opening one (greeting, EHLO, QUIT) per message. Options already in the URL win.
 */
export function pooledSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections'))
    url.searchParams.set('maxConnections', String(POOL_CONNECTIONS));
  return url.toString();
}
