import type { createDocument } from 'zod-openapi';
import { openApiDocument } from '@cuota/contracts/identity/endpoints';

type OpenApiDocument = ReturnType<typeof createDocument>;
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: unknown[];
  requestBody?: { content?: unknown };
  responses?: Record<string, { content?: unknown }>;
}

const DOMAIN_TITLES: Record<string, string> = {
  identity: 'Sesión e identidad',
  enrolment: 'Inscripciones y directorio',
  billing: 'Cobranza',
  payments: 'Pagos',
  invoicing: 'Facturación',
  notifications: 'Notificaciones',
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const json = (value: unknown) => escape(JSON.stringify(value, null, 2));

function operationHtml(path: string, method: string, op: Operation): string {
  const body = op.requestBody?.content;
  const parameters = op.parameters ?? [];
  const ok = Object.entries(op.responses ?? {}).find(([status]) => status.startsWith('2'));
  const answer = ok?.[1].content;
  const section = (title: string, value: unknown) =>
    value ? `<details><summary>${title}</summary><pre>${json(value)}</pre></details>` : '';
  return `<article id="${escape(op.operationId ?? `${method}-${path}`)}">
  <h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
  <p>${escape(op.summary ?? '')}</p>
  <p class="who">${escape(op.description ?? '')}</p>
  ${section('Parámetros', parameters.length ? parameters : undefined)}
  ${section('Cuerpo', body)}
  ${section(`Respuesta ${ok?.[0] ?? ''}`, answer)}
</article>`;
}

/**
 * A readable reference of the OpenAPI document, rendered on the server (no script): the
 * endpoints grouped by domain, each with who may call it and its schemas.
 */
export function renderReferencePage(document: OpenApiDocument): string {
  const byDomain = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths ?? {}))
    for (const [method, op] of Object.entries(item as unknown as Record<string, Operation>)) {
      const domain = op.tags?.[0] ?? 'otros';
      byDomain.set(domain, [...(byDomain.get(domain) ?? []), operationHtml(path, method, op)]);
    }
  const sections = [...byDomain.entries()]
    .map(
      ([domain, ops]) =>
        `<section><h2 id="${domain}">${escape(DOMAIN_TITLES[domain] ?? domain)} (${ops.length})</h2>${ops.join('\n')}</section>`,
    )
    .join('\n');
  const index = [...byDomain.keys()]
    .map((d) => `<li><a href="#${d}">${escape(DOMAIN_TITLES[d] ?? d)}</a></li>`)
    .join('');
  return `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Referencia de la API · Cuota</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1b1f24}
code,pre{font-family:ui-monospace,monospace;font-size:.875rem}pre{background:#f4f6f8;padding:.75rem;overflow:auto}
article{border-top:1px solid #d8dee4;padding:.5rem 0}h3{font-size:1rem;margin:.25rem 0;word-break:break-all}
.method{display:inline-block;min-width:4.5rem;font-weight:700}.get{color:#0a6b2d}.post{color:#0b57a4}
.put,.patch{color:#8a4b00}.delete{color:#a40e26}.who{color:#57606a;margin:.25rem 0}
</style></head><body>
<h1>Referencia de la API de Cuota</h1>
<p>${escape(document.info.description ?? '')} Documento OpenAPI 3.1: <a href="${openApiDocument.path}">${openApiDocument.path}</a>.</p>
<nav aria-label="Dominios"><ul>${index}</ul></nav>
<main>${sections}</main>
</body></html>`;
}
