import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { listen } from '@cuota/service-runtime/http/listen';
import { localUrl } from '@cuota/service-runtime/http/local-url';
import { listenMetrics } from '@cuota/service-runtime/metrics/metrics-endpoint';
import type { BffConfig } from './config/bff-config';
import { closeBffDeps, createBffDeps, type BffDeps } from './bff-deps';
import { createBffApp } from './app';

export interface BffServer {
  url: string;
  app: Express;
  deps: BffDeps;
  /** Where Prometheus scrapes /metrics (config.metrics), if anywhere. */
  metricsUrl?: string;
  stop(): Promise<void>;
}

/**
 * Opens the BFF's connections (unless given) and listens on `config.port` (0 = any free
 * port). `stop` closes the server and the connections it opened.
 */
export async function startBffServer(
  config: BffConfig,
  options: { deps?: BffDeps } = {},
): Promise<BffServer> {
  const deps = options.deps ?? (await createBffDeps(config));
  const app = createBffApp(config, deps);
  const server = await listen(app, config.port, config.host);
  const { port } = server.address() as AddressInfo;
  const metrics =
    config.metrics && (await listenMetrics(deps.metrics, config.metrics.port, config.metrics.host));
  deps.logger.info({ host: config.host, port }, 'bff listening');
  if (config.nodeEnv === 'production' && config.trustProxy === undefined)
    deps.logger.warn(
      'NODE_ENV=production without TRUST_PROXY: behind a TLS-terminating proxy the Secure ' +
        'session cookie is never sent. Set TRUST_PROXY to the number of proxies in front.',
    );
  return {
    url: localUrl(config.host, port),
    app,
    deps,
    metricsUrl: metrics && localUrl(config.metrics!.host, (metrics.address() as AddressInfo).port),
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      metrics?.close();
      if (!options.deps) await closeBffDeps(deps);
    },
  };
}
