import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject } from 'zod-openapi';
import { apiErrorSchema } from '@cuota/contracts/common/api-error';
import type { Access } from '@cuota/contracts/access/access';
import {
  IDEMPOTENCY_KEY_PATTERN,
  isPublicEndpoint,
  pathParamsSchema,
  type AnyEndpoint,
  type Produces,
} from '@cuota/contracts/http/endpoint';
import type { PlannedRow } from '@cuota/contracts/http/planned-row';
import { NOT_AVAILABLE_MESSAGE } from '../proxy/not-available';
import { SESSION_COOKIE } from '../session/session-middleware';
import { CSRF_HEADER } from '../security/csrf';

const MEDIA: Record<Exclude<Produces, 'json' | 'none'>, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  xml: 'application/xml',
  zip: 'application/zip',
  image: 'image/*',
  html: 'text/html',
};

const REQUEST_MEDIA = {
  json: 'application/json',
  multipart: 'multipart/form-data',
  form: 'application/x-www-form-urlencoded',
  raw: 'application/json',
} as const;

/** Who may call, in words (the reference page and `x-cuota-access`). */
export function describeAccess(access: Access): string {
  const who: string[] = [];
  if (access.webhook) who.push('la pasarela de pago (firma verificada)');
  if (access.operator) who.push('operadores de la plataforma (ningún rol de escuela)');
  if (access.anonymous) who.push('cualquiera, con o sin sesión');
  if (access.guardian) who.push('un tutor con sesión (sus propios datos)');
  if (access.staff)
    who.push(
      access.staff === 'member'
        ? 'cualquier miembro del personal de la escuela'
        : `personal de la escuela con el permiso ${access.staff}`,
    );
  return who.join('; ');
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: apiErrorSchema } },
});

/** A retry with the same key gets the first answer (header Idempotent-Replayed: true). */
function idempotencyHeader(use: 'required' | 'optional') {
  const key = z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN)
    .meta({ description: 'La misma clave en cada reintento de la misma operación (ADR 0019).' });
  return z.object({ 'idempotency-key': use === 'required' ? key : key.optional() });
}

function operation(endpoint: AnyEndpoint): ZodOpenApiOperationObject {
  const status = String(endpoint.status ?? 200);
  const produces = endpoint.produces ?? 'json';
  const mutates = endpoint.method !== 'GET';
  return {
    operationId: endpoint.name,
    summary: endpoint.summary,
    tags: [endpoint.domain],
    description: `Quién puede llamarlo: ${describeAccess(endpoint.access)}.`,
    'x-cuota-access': endpoint.access,
    security:
      endpoint.access.anonymous || endpoint.access.webhook
        ? [{}]
        : // The browser's cookie (with the CSRF header on writes), or a bearer token (ADR 0038).
          [mutates ? { session: [], csrf: [] } : { session: [] }, { bearer: [] }],
    requestParams: {
      path: endpoint.params as z.ZodObject,
      ...(endpoint.query ? { query: endpoint.query as z.ZodObject } : {}),
      ...(endpoint.idempotencyKey ? { header: idempotencyHeader(endpoint.idempotencyKey) } : {}),
    },
    ...(endpoint.body
      ? {
          requestBody: {
            content: { [REQUEST_MEDIA[endpoint.bodyType ?? 'json']]: { schema: endpoint.body } },
          },
        }
      : {}),
    responses: {
      [status]: {
        description: endpoint.summary,
        ...(produces === 'none'
          ? {}
          : produces === 'json'
            ? { content: { 'application/json': { schema: endpoint.response ?? z.unknown() } } }
            : { content: { [MEDIA[produces]]: { schema: { type: 'string', format: 'binary' } } } }),
      },
      '400': errorResponse('Datos no válidos (mensaje en español por campo)'),
      '401': errorResponse('Sin sesión'),
      '403': errorResponse('Sin permiso'),
      '404': errorResponse('No existe (o es de otra escuela)'),
      ...(endpoint.idempotencyKey
        ? { '422': errorResponse('La Idempotency-Key ya se usó con otra solicitud') }
        : {}),
    },
  } as ZodOpenApiOperationObject;
}

/** A row of the specification nobody serves yet: anyone calling it gets the Spanish 501. */
function plannedOperation(row: PlannedRow): ZodOpenApiOperationObject {
  return {
    summary: row.summary,
    tags: [row.domain],
    description: `${NOT_AVAILABLE_MESSAGE} Responde 501 a cualquiera hasta que se construya.`,
    'x-cuota-planned': true,
    security: [{}],
    requestParams: { path: pathParamsSchema(row.path) },
    responses: { '501': errorResponse(NOT_AVAILABLE_MESSAGE) },
  } as ZodOpenApiOperationObject;
}

/**
 * The OpenAPI 3.1 document of every public endpoint, and of every row of the specification
 * nobody serves yet, as 501 (internal endpoints left out).
 */
export function createOpenApiDocument(
  endpoints: readonly AnyEndpoint[],
  planned: readonly PlannedRow[],
  serverUrl: string,
) {
  const paths: Record<string, Record<string, ZodOpenApiOperationObject>> = {};
  const add = (at: Pick<AnyEndpoint, 'method' | 'path'>, op: ZodOpenApiOperationObject) =>
    ((paths[at.path] ??= {})[at.method.toLowerCase()] = op);
  for (const endpoint of endpoints.filter(isPublicEndpoint)) add(endpoint, operation(endpoint));
  for (const row of planned) add(row, plannedOperation(row));
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Cuota API',
      version: '1',
      description:
        'Cobranza y facturación para escuelas particulares en México. Cada endpoint es una definición en packages/contracts.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        csrf: { type: 'apiKey', in: 'header', name: CSRF_HEADER },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
    },
    paths,
  });
}
