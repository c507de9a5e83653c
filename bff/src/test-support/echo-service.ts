import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JWK } from 'jose';
import { createServiceApp } from '@cuota/service-runtime/http/create-service-app';
import { requireIdentity } from '@cuota/service-runtime/http/require-identity';
import { createIdentityVerifier } from '@cuota/service-runtime/identity/identity-token';
import { createLogger } from '@cuota/service-runtime/logging/logger';

export interface EchoCall {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  identity: unknown;
  body: unknown;
}

/**
 * A service built like ours (service-runtime: identity check, JSON, Spanish errors) that
 * answers with what it received: stands in for a service that does not exist yet, so the
 * proxy's forwarding can be seen from the far side.
 */
export async function startEchoService(publicJwk: JWK) {
  const verify = await createIdentityVerifier(publicJwk);
  const calls: EchoCall[] = [];
  const app = createServiceApp(
    { logger: createLogger('echo', 'silent'), readiness: async () => {} },
    (a) => {
      a.get('/slow/', () => undefined);
      a.use(requireIdentity(verify), (req, res) => {
        const call = {
          method: req.method,
          url: req.originalUrl,
          headers: req.headers,
          identity: res.locals.identity,
          body: req.body,
        };
        calls.push(call);
        res.set('set-cookie', 'service=1; Path=/').json(call);
      });
    },
  );
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  let connections = 0;
  server.on('connection', () => connections++);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    /** TCP connections opened to it so far. */
    connections: () => connections,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
