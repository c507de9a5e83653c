// Signs the demo guardian in over plain HTTP, the way the portal does, and returns the
// session cookie: send a code, read it from the mailbox sandbox, post it to Auth.js's
// credentials callback.
import type { System } from '../launcher/system.ts';

class CookieJar {
  private readonly cookies = new Map<string, string>();
  absorb(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export async function signInGuardian(system: System) {
  const { urls, demo } = system;
  const baseUrl = urls.portal;
  const guardianHash = demo.guardian_hash;
  const jar = new CookieJar();
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(path, baseUrl), {
      ...init,
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
      redirect: 'manual',
    });
    jar.absorb(response);
    if (!response.ok)
      throw new Error(
        `${init.method ?? 'GET'} ${path} → ${response.status} ${await response.text()}`,
      );
    return response;
  };
  const { csrfToken } = (await (await call('/api/auth/csrf')).json()) as { csrfToken: string };
  const since = new Date(Date.now() - 1000);
  await call('/api/v1/guardians/login/send_code/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
    body: JSON.stringify({ guardian_hash: guardianHash }),
  });
  const code = await readCode(urls.mailbox, demo.guardian_email, since);
  await call('/api/auth/callback/guardian-code', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      csrfToken,
      guardian_hash: guardianHash,
      code,
      json: 'true',
      callbackUrl: '/',
    }),
  });
  return jar.header();
}

async function readCode(mailboxUrl: string, email: string, since: Date): Promise<string> {
  for (let tries = 0; tries < 75; tries++) {
    const messages = (await (
      await fetch(new URL(`messages?to=${encodeURIComponent(email)}`, mailboxUrl))
    ).json()) as {
      text: string;
      received_at: string;
    }[];
    const code = messages
      .find((m) => new Date(m.received_at) >= since)
      ?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code reached ${email}`);
}
