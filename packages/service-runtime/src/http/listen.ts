import type { Server } from 'node:http';
import type { Express } from 'express';

/**
 * How long an idle keep-alive connection stays open here: longer than any client of ours keeps
 * one (undici's Agents: 30 s, KEEP_ALIVE_CLIENT_MS), so the client always closes first. With
 * Node's default (5 s) a busy client could reuse a socket the server was closing at that moment,
 * and a POST on it failed with ECONNRESET (seen in the invoicing suite under load).
 */
export const KEEP_ALIVE_SERVER_MS = 65_000;
/** What our undici Agents keep an idle connection, whatever a server's keep-alive hint says. */
export const KEEP_ALIVE_CLIENT_MS = 30_000;

/** Listens on `host:port` with the keep-alive timing above; resolves once listening. */
export function listen(app: Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (err?: Error) => (err ? reject(err) : resolve(server)));
    server.keepAliveTimeout = KEEP_ALIVE_SERVER_MS;
    // Headers of a request on a kept connection may take as long as the connection may idle.
    server.headersTimeout = KEEP_ALIVE_SERVER_MS + 1_000;
  });
}
