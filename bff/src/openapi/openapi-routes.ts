import { Router } from 'express';
import { expressPath } from '@cuota/contracts/http/route-path';
import { apiReference, openApiDocument } from '@cuota/contracts/identity/endpoints';
import type { BffConfig } from '../config/bff-config';
import { PUBLIC_ENDPOINTS } from '../proxy/proxied-endpoints';
import { createOpenApiDocument } from './openapi-document';
import { renderReferencePage } from './reference-page';

/** GET /api/openapi.json and its readable page, built once from the endpoint definitions. */
export function openApiRoutes(config: BffConfig): Router {
  const document = createOpenApiDocument(PUBLIC_ENDPOINTS, config.publicUrl);
  const page = renderReferencePage(document);
  const router = Router();
  router.get(expressPath(openApiDocument.path), (_req, res) => void res.json(document));
  router.get(expressPath(apiReference.path), (_req, res) => void res.type('html').send(page));
  return router;
}
