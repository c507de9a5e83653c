import { Router } from 'express';
import { ALL_PLANNED_ROWS } from '@cuota/contracts/http/all-planned-rows';
import { expressPath } from '@cuota/contracts/http/route-path';
import { apiReference, openApiDocument } from '@cuota/contracts/identity/endpoints';
import type { BffConfig } from '../config/bff-config';
import { API_CSP } from '../security/helmet';
import { PUBLIC_ENDPOINTS } from '../proxy/proxied-endpoints';
import { createOpenApiDocument } from './openapi-document';
import { renderReferencePage } from './reference-page';

const REFERENCE_PAGE_CSP = `${API_CSP}; style-src 'unsafe-inline'`;

/**
 * GET /api/openapi.json and its readable page, built once from the endpoint definitions and
 * the specification's planned rows.
 */
export function openApiRoutes(config: BffConfig): Router {
  const document = createOpenApiDocument(PUBLIC_ENDPOINTS, ALL_PLANNED_ROWS, config.publicUrl);
  const page = renderReferencePage(document);
  const router = Router();
  router.get(expressPath(openApiDocument.path), (_req, res) => void res.json(document));
  router.get(expressPath(apiReference.path), (_req, res) => {
    // A page under /api: the API's policy plus its own inline <style>.
    res.setHeader('Content-Security-Policy', REFERENCE_PAGE_CSP);
    res.type('html').send(page);
  });
  return router;
}
