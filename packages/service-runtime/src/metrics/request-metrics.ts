import type { Request, RequestHandler, Response } from 'express';
import { Histogram, type Registry } from 'prom-client';

/** A request's route as a template (`/api/v1/payments/{id}/`), never its raw path. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds: from a cached read (~1 ms) to a proxied write that waits on a service. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

type Observe = (seconds: number) => void;

/**
 * Request rate and latency by method, route template and status. The labelled child of each
 * (method, route, status) is made once and kept, so a request costs one `observe` on
 * prom-client's fast path and builds no label object of ours (the BFF's per-request CPU
 * budget, issue 16).
 */
export function requestMetrics(registry: Registry): RequestHandler {
  const histogram = requestHistogram(registry);
  const children = new Map<string, Map<string, Map<number, Observe>>>();
  const childFor = (method: string, route: string, status: number): Observe => {
    let byRoute = children.get(method);
    if (!byRoute) children.set(method, (byRoute = new Map()));
    let byStatus = byRoute.get(route);
    if (!byStatus) byRoute.set(route, (byStatus = new Map()));
    let observe = byStatus.get(status);
    if (!observe) {
      const child = histogram.labels(method, route, String(status));
      byStatus.set(status, (observe = (seconds) => child.observe(seconds)));
    }
    return observe;
  };
  return (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      childFor(req.method, routeTemplate(req, res), res.statusCode)(seconds);
    });
    next();
  };
}

const REQUEST_DURATION = 'cuota_http_request_duration_seconds';

/** The registry's request histogram: made once, shared by every app built on it. */
function requestHistogram(registry: Registry): Histogram<'method' | 'route' | 'status_code'> {
  const made = registry.getSingleMetric(REQUEST_DURATION);
  if (made) return made as Histogram<'method' | 'route' | 'status_code'>;
  return new Histogram({
    name: REQUEST_DURATION,
    help: 'Time to answer an HTTP request, by method, route template and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: BUCKETS,
    registers: [registry],
  });
}

/**
 * Names the route a request took: what a router set (`setRouteTemplate`, e.g. the BFF's proxy,
 * which matches contracts' templates itself), else Express's matched route, else the mount
 * point; a request nothing matched is `unmatched` (404s must not mint one series per URL).
 */
export function routeTemplate(req: Request, res: Response): string {
  const set = (res.locals as { route?: string }).route;
  if (set) return set;
  const path = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path === 'string') return req.baseUrl ? req.baseUrl + path : path;
  return req.baseUrl || UNMATCHED_ROUTE;
}

/** Lets middleware that routes by itself (no Express route) name the template it matched. */
export function setRouteTemplate(res: Response, template: string): void {
  (res.locals as { route?: string }).route = template;
}
