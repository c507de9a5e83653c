import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { BffConfig } from '../config/bff-config';

/**
 * Security headers. The CSP lets the shell load the remotes' manifests, scripts, styles,
 * images and fonts from their own origins (Module Federation), and allows inline styles
 * because styled-components injects <style> tags at run time.
 */
export function createHelmet(config: BffConfig): RequestHandler {
  const remotes = remoteOrigins(config);
  const production = config.nodeEnv === 'production';
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remotes],
        connectSrc: ["'self'", ...remotes],
        styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
        imgSrc: ["'self'", 'data:', 'blob:', ...remotes],
        fontSrc: ["'self'", 'data:', ...remotes],
        // The card is typed into the gateway's own page, framed by the portal (ADR 0016).
        frameSrc: config.gatewayFormOrigin ? [config.gatewayFormOrigin] : ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        // Only a TLS deployment upgrades; on http://localhost it would break the remotes.
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    strictTransportSecurity: production,
  });
}

/** The distinct origins of the three remote entries. */
export function remoteOrigins(config: BffConfig): string[] {
  const entries = Object.values(config.remotes);
  return [...new Set(entries.map((entry) => new URL(entry).origin))];
}
