import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { Cancellations } from './cancellation.ts';
import { controlRoutes } from './control-routes.ts';
import { PacApiError } from './pac-api-error.ts';
import { createPacIdentity } from './pac-identity.ts';
import { PacState, type Taxpayer } from './pac-state.ts';
import { SandboxBehaviour, type UnknownReceptors } from './sandbox-behaviour.ts';
import { satConsultaRoutes } from './sat-consulta.ts';
import { renderStampedList } from './stamped-list-page.ts';
import { Stamper } from './stamping.ts';
import { SwAuth, type SwAccount } from './sw-auth.ts';
import { swRoutes } from './sw-routes.ts';

export interface PacSandboxOptions {
  port: number;
  host?: string;
  /** The SW account callers authenticate with (user, password; optionally an infinite token). */
  account: Omit<SwAccount, 'tokenTtlMs'> & { tokenTtlMs?: number };
  /** JSON file that keeps stamps, taxpayers and the sandbox's certificate across restarts. */
  stateFile?: string;
  /** Taxpayers registered at start (they replace saved ones with the same RFC). */
  seedTaxpayers?: Taxpayer[];
  /** How long a receptor stays silent before a cancellation "en proceso" is accepted. */
  cancellationDelayMs?: number;
  /** Receptor RFCs never registered here: taken as inscribed (the default) or not listed. */
  unknownReceptors?: UnknownReceptors;
  /** The sandbox's clock (tests move it). */
  now?: () => Date;
}

export interface PacSandbox {
  port: number;
  url: string;
  state: PacState;
  behaviour: SandboxBehaviour;
  auth: SwAuth;
  cancellations: Cancellations;
  stop: () => Promise<void>;
}

const DEFAULT_CANCELLATION_DELAY_MS = 5000;
/** SW's tokens last two hours (published/sw-authenticate.json). */
const TWO_HOURS_MS = 2 * 60 * 60 * 1000;

/**
 * Stands in for SW sapien, the PAC that stamps and cancels CFDI 4.0, and for SAT's consulta:
 * SW's REST API (POST /v2/security/authenticate, /cfdi33/stamp/v4, /cfdi33/cancel/csd), SAT's
 * SOAP POST /ConsultaCFDIService.svc, loopback-only control routes under /_sandbox and a plain
 * HTML list at /. See README.md beside this file.
 */
export async function startPacSandbox(options: PacSandboxOptions): Promise<PacSandbox> {
  const now = options.now ?? (() => new Date());
  const state = PacState.open({
    file: options.stateFile,
    seedTaxpayers: options.seedTaxpayers,
    createIdentity: () => createPacIdentity(now()),
  });
  const behaviour = new SandboxBehaviour(
    options.cancellationDelayMs ?? DEFAULT_CANCELLATION_DELAY_MS,
    options.unknownReceptors ?? 'inscribed',
  );
  const auth = new SwAuth(
    { ...options.account, tokenTtlMs: options.account.tokenTtlMs ?? TWO_HOURS_MS },
    now,
  );
  const stamper = new Stamper(state, now, () => behaviour.get().unknown_receptors);
  const cancellations = new Cancellations(state, now, () => behaviour.get().cancellation_delay_ms);

  const app = express();
  app.disable('x-powered-by');
  app.use(swRoutes({ auth, stamper, cancellations, behaviour, now }));
  app.use(satConsultaRoutes(state, cancellations));
  app.use('/_sandbox', controlRoutes(state, cancellations, behaviour));
  app.get('/', (_req, res) => {
    cancellations.settle();
    res.type('html').send(renderStampedList(state.stamps(), state.taxpayers()));
  });
  app.use(() => {
    throw new PacApiError(404, 'RUTA_NO_EXISTE', 'La ruta solicitada no existe.');
  });
  app.use(answerError);

  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(options.port, options.host ?? '127.0.0.1', () =>
      resolve(listening),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    state,
    behaviour,
    auth,
    cancellations,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

type BodyParserError = Error & { type?: string };

/** The control routes' answers (SW's routes answer in SW's envelope, see sw-routes.ts). */
function answerError(error: unknown, _req: Request, res: Response, _next: NextFunction) {
  const send = (status: number, code: string, message: string) =>
    res.status(status).json({ error: { code, message } });
  if (error instanceof PacApiError) return send(error.status, error.code, error.message);
  if ((error as BodyParserError).type === 'entity.parse.failed')
    return send(400, 'SOLICITUD_INVALIDA', 'El cuerpo no es JSON válido.');
  console.error('[pac-sandbox]', error);
  return send(500, 'ERROR_INTERNO', 'Error interno del PAC de pruebas.');
}
