import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { BffConfig } from '../config/bff-config';

/**
 * What Kushki's client SDK (@kushki/js-sdk, bundled in the portal) reaches from the page, by
 * its own code: its API, its hosted-field iframes, Cardinal's 3-D Secure (songbird script and
 * iframes), Sift's device fingerprint and Kushki's static images (ADR 0030). Any school may be
 * on Kushki, so the deployment allows them all.
 */
const KUSHKI = {
  api: ['https://api.kushkipagos.com', 'https://api-uat.kushkipagos.com'],
  fields: ['https://spa-js-inputs.kushkipagos.com', 'https://uat-spa-js-inputs.kushkipagos.ninja'],
  threeDS: ['https://*.cardinalcommerce.com'],
  fingerprint: ['https://cdn.sift.com', 'https://*.sift.com'],
  images: ['https://kushki-static.s3.amazonaws.com', 'https://kushki-static-dev.s3.amazonaws.com'],
};

/**
 * A JSON answer is never rendered as a document: it may load nothing and be framed by nobody
 * (OWASP's REST guidance). The page's policy, 1.3 KB of origins, would ride on every call.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Security headers. Pages get the CSP that lets the shell load the remotes' manifests,
 * scripts, styles, images and fonts from their own origins (Module Federation), with inline
 * styles because styled-components injects <style> tags at run time; API answers (paths
 * under `apiPrefixes`) get the same headers with API_CSP instead.
 */
export function createHelmet(config: BffConfig, apiPrefixes: readonly string[]): RequestHandler {
  const pageHeaders = headersSetBy(helmetFor(config));
  const apiHeaders = pageHeaders.map(([name, value]): [string, string] =>
    name === 'Content-Security-Policy' ? [name, API_CSP] : [name, value],
  );
  const isApi = (path: string) =>
    apiPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  return (req, res, next) => {
    for (const [name, value] of isApi(req.path) ? apiHeaders : pageHeaders)
      res.setHeader(name, value);
    next();
  };
}

function helmetFor(config: BffConfig) {
  const remotes = remoteOrigins(config);
  const production = config.nodeEnv === 'production';
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remotes, ...KUSHKI.threeDS, ...KUSHKI.fingerprint],
        connectSrc: [
          "'self'",
          ...remotes,
          ...KUSHKI.api,
          ...KUSHKI.threeDS,
          ...KUSHKI.fingerprint,
          ...(config.monitoringOrigin ? [config.monitoringOrigin] : []),
        ],
        styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
        imgSrc: ["'self'", 'data:', 'blob:', ...remotes, ...KUSHKI.images, ...KUSHKI.fingerprint],
        fontSrc: ["'self'", 'data:', ...remotes],
        // The card is typed into the gateway's own fields, framed by the portal (ADR 0016,
        // 0030): Kushki's hosted fields and 3-D Secure, or the local sandbox's hosted form.
        frameSrc: [
          ...KUSHKI.fields,
          ...KUSHKI.threeDS,
          ...(config.gatewayFormOrigin ? [config.gatewayFormOrigin] : []),
        ],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        // Only a TLS deployment upgrades; on http://localhost it would break the remotes.
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    strictTransportSecurity: production,
  });
}

/**
 * The headers a helmet middleware sets, taken once at start: every value is fixed by the
 * configuration (no per-request nonce), so a request only copies them.
 */
export function headersSetBy(middleware: RequestHandler): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => void headers.push([name, value]),
    removeHeader: () => {},
  };
  void middleware({} as Request, recorder as unknown as Response, () => {});
  return headers;
}

/** The distinct origins of the three remote entries. */
export function remoteOrigins(config: BffConfig): string[] {
  const entries = Object.values(config.remotes);
  return [...new Set(entries.map((entry) => new URL(entry).origin))];
}
