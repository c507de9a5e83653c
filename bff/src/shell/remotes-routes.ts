import { Router } from 'express';
import type { BffConfig } from '../config/bff-config';

/**
 * GET /api/remotes: where the shell finds each remote's mf-manifest.json, decided per
 * deployment (packages/contracts shell/remotes.ts). Never cached, so a remote moved to a
 * new URL is picked up on the next page load.
 */
export function remotesRoutes(config: BffConfig): Router {
  const body = {
    remotes: [
      { name: 'mfe_portal', entry: config.remotes.portal },
      { name: 'mfe_dashboard', entry: config.remotes.dashboard },
      { name: 'mfe_store', entry: config.remotes.store },
    ],
  };
  const router = Router();
  router.get('/api/remotes', (_req, res) => {
    res.json(body);
  });
  return router;
}
