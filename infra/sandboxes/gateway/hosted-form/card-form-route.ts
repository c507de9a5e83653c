import path from 'node:path';
import { build } from 'esbuild';
import type { GatewayState, RequestContext, Route } from '../gateway-state.ts';
import { parseDecimalPesos } from '../money.ts';
import { cardFormErrorPage, cardFormPage, type CardFormSettings } from './card-form-page.ts';
import { cardFormStyle } from './card-form-style.ts';

// Jest runs this as CommonJS (__dirname); plain Node runs it as ESM (import.meta.dirname).
const here = typeof __dirname === 'string' ? __dirname : import.meta.dirname;

/** Bundles the form's browser script (with the card checks it shares with the API) once. */
export async function buildCardFormScript(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(here, 'card-form-script.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    minify: true,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

type FormRequest = { settings: CardFormSettings } | { problem: string };

function readFormRequest(state: GatewayState, query: URLSearchParams): FormRequest {
  const parentOrigin = query.get('parentOrigin') ?? '';
  if (!state.allowedParents.includes(parentOrigin))
    return { problem: 'Este formulario de pago no puede mostrarse en esta página.' };
  const merchant = state.merchants.withPublicId(query.get('publicMerchantId') ?? undefined);
  if (!merchant) return { problem: 'El comercio no está registrado en la pasarela de pagos.' };
  const totalCentavos = parseDecimalPesos(query.get('amount') ?? '');
  if (!totalCentavos) return { problem: 'El monto a pagar no es válido.' };
  const currency = query.get('currency') ?? 'MXN';
  if (currency !== 'MXN') return { problem: 'Solo se aceptan pagos en pesos mexicanos (MXN).' };
  return {
    settings: {
      publicMerchantId: merchant.publicMerchantId,
      totalCentavos,
      currency,
      parentOrigin,
    },
  };
}

/** Only the portal's own origins may frame the form (or, for an error, any allowed one). */
function contentSecurityPolicy(frameAncestors: string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors.length ? frameAncestors.join(' ') : "'none'"}`,
  ].join('; ');
}

/** GET /hosted/card-form?publicMerchantId&amount&currency&parentOrigin */
function serveForm({ state, res, url }: RequestContext): void {
  const request = readFormRequest(state, url.searchParams);
  const ok = 'settings' in request;
  res.writeHead(ok ? 200 : 400, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': contentSecurityPolicy(
      ok ? [request.settings.parentOrigin] : state.allowedParents,
    ),
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  });
  res.end(ok ? cardFormPage(request.settings) : cardFormErrorPage(request.problem));
}

function asset(type: string, body: (state: GatewayState) => string) {
  return ({ state, res }: RequestContext) => {
    res.writeHead(200, {
      'content-type': `${type}; charset=utf-8`,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    res.end(body(state));
  };
}

export const cardFormRoutes: Route[] = [
  { method: 'GET', path: /^\/hosted\/card-form$/, handle: serveForm },
  {
    method: 'GET',
    path: /^\/hosted\/card-form\.js$/,
    handle: asset('text/javascript', (s) => s.cardFormScript),
  },
  {
    method: 'GET',
    path: /^\/hosted\/card-form\.css$/,
    handle: asset('text/css', () => cardFormStyle),
  },
];
