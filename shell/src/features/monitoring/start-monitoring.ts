import type { ActiveMonitoring, MonitoringConfig } from './monitoring-options';

type LoadSentry = () => Promise<{ startSentry: (config: ActiveMonitoring) => void }>;

/**
 * Starts error reporting and session replay when the build names a DSN; without one nothing
 * is loaded and no request leaves for a monitoring service. The SDK is a chunk of its own,
 * fetched only then, so the first load of every page stays as light as before.
 */
export async function startMonitoring(
  config: MonitoringConfig,
  load: LoadSentry = () => import(/* webpackChunkName: "monitoring" */ './sentry'),
): Promise<boolean> {
  if (!config.dsn) return false;
  const sentry = await load();
  sentry.startSentry({ dsn: config.dsn, environment: config.environment });
  return true;
}
