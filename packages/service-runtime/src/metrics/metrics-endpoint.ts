import { createServer, type Server, type ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Registry } from 'prom-client';

/** The path Prometheus scrapes; never reachable through the BFF's public port (ADR 0077). */
export const METRICS_PATH = '/metrics';

async function answerScrape(registry: Registry, res: ServerResponse): Promise<void> {
  const text = await registry.metrics();
  res.setHeader('content-type', registry.contentType);
  res.end(text);
}

/** Answers a scrape with the registry in Prometheus's text format. */
export function metricsHandler(registry: Registry): RequestHandler {
  return (_req, res, next) => void answerScrape(registry, res).catch(next);
}

/**
 * A listener that serves only the metrics, for a part whose HTTP port is public (the BFF):
 * scrapers reach it on an internal port, browsers never do.
 */
export function listenMetrics(registry: Registry, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== METRICS_PATH) {
      res.statusCode = 404;
      return void res.end();
    }
    answerScrape(registry, res).catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
