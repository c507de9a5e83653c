import type { Response } from 'supertest';
import request from 'supertest';
import { messagesTo, waitForCode } from '@cuota/testing/mailbox';
import type { TestBff } from './test-bff';

/** Signs a guardian in the way the portal does: code by e-mail, then Auth.js's callback. */
export async function signInGuardian(bff: TestBff, guardian: { hash: string; email: string }) {
  const agent = request.agent(bff.app);
  const csrf = async () => (await agent.get('/api/auth/csrf').expect(200)).body.csrfToken as string;
  const before = (await messagesTo(bff.mailboxUrl, guardian.email)).length;
  const token = await csrf();
  await agent
    .post('/api/v1/guardians/login/send_code/')
    .set('x-csrf-token', token)
    .send({ guardian_hash: guardian.hash })
    .expect(200);
  const { code } = await waitForCode(bff.mailboxUrl, guardian.email, before + 1);
  await agent
    .post('/api/auth/callback/guardian-code')
    .type('form')
    .send({ csrfToken: token, json: 'true', guardian_hash: guardian.hash, code })
    .expect(200);
  return { agent, csrfToken: await csrf() };
}

/** Signs a staff user in through Auth.js's staff-credentials provider. */
export async function signInStaff(bff: TestBff, email: string, password: string) {
  const agent = request.agent(bff.app);
  const csrf = async () => (await agent.get('/api/auth/csrf').expect(200)).body.csrfToken as string;
  // The token first: the agent attaches cookies when a request is created, and the session
  // cookie only exists once /api/auth/csrf has answered.
  const token = await csrf();
  await agent
    .post('/api/auth/callback/staff-credentials')
    .type('form')
    .send({ csrfToken: token, json: 'true', email, password })
    .expect(200);
  return { agent, csrfToken: await csrf() };
}

export type SignedIn = Awaited<ReturnType<typeof signInStaff>>;

/** A signed-in browser's request: a write carries its CSRF token and its body. */
export function sendAs(
  { agent, csrfToken }: SignedIn,
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  body?: unknown,
): Promise<Response> {
  const req = agent[method](path);
  return (
    method === 'get' ? req : req.set('x-csrf-token', csrfToken).send(body as object)
  ) as Promise<Response>;
}
