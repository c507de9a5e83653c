import { Router } from 'express';
import { cuotaStoreScript } from './cuota-store-element';

export const CUOTA_STORE_SCRIPT_PATH = '/embed/cuota-store.js';

/** The script a school's site loads to show its store (ADR 0067); any site may load it. */
export function embedRoutes(): Router {
  const router = Router();
  router.get(CUOTA_STORE_SCRIPT_PATH, (_req, res) => {
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    // Loaded by other origins' pages; helmet's default would block it (same-origin).
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.send(cuotaStoreScript);
  });
  return router;
}
