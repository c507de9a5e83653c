import { createHash, timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { Cancellations } from './cancellation.ts';
import { notFound, PacApiError } from './pac-api-error.ts';
import { createPacIdentity } from './pac-identity.ts';
import { PacState, type StampedCfdi, type Taxpayer } from './pac-state.ts';
import { cancelRequestSchema, parseBody, RFC_PATTERN, taxpayerSchema } from './request-schemas.ts';
import { behaviourSchema, SandboxBehaviour } from './sandbox-behaviour.ts';
import { SatRejection } from './sat-rejections.ts';
import { renderStampedList } from './stamped-list-page.ts';
import { Stamper } from './stamping.ts';

export interface PacSandboxOptions {
  port: number;
  host?: string;
  /** The Bearer token every /cfdi40 call must carry. */
  apiToken: string;
  /** JSON file that keeps stamps, taxpayers and the sandbox's certificate across restarts. */
  stateFile?: string;
  /** Taxpayers registered at start (they replace saved ones with the same RFC). */
  seedTaxpayers?: Taxpayer[];
  /** How long a receptor stays silent before a cancellation "en proceso" is accepted. */
  cancellationDelayMs?: number;
  /** The sandbox's clock (tests move it). */
  now?: () => Date;
}

export interface PacSandbox {
  port: number;
  url: string;
  state: PacState;
  stop: () => Promise<void>;
}

const DEFAULT_CANCELLATION_DELAY_MS = 5000;

/**
 * Stands in for the PAC that stamps CFDI 4.0 for SAT: POST /cfdi40/stamp, POST
 * /cfdi40/cancel, GET /cfdi40/{uuid}, loopback-only control routes under /_sandbox and a
 * plain HTML list at /. See README.md beside this file.
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
  );
  const stamper = new Stamper(state, now);
  const cancellations = new Cancellations(state, now, () => behaviour.get().cancellation_delay_ms);

  const app = express();
  app.disable('x-powered-by');
  app.use('/cfdi40', requireToken(options.apiToken));
  app.use('/_sandbox', loopbackOnly);

  app.post(
    '/cfdi40/stamp',
    express.text({ type: ['application/xml', 'text/xml'], limit: '5mb' }),
    async (req, res) => {
      if (typeof req.body !== 'string')
        throw new PacApiError(
          415,
          'TIPO_DE_CONTENIDO',
          'El cuerpo debe ser un CFDI en XML (Content-Type: application/xml).',
        );
      await behaviour.beforeStamp();
      const { stamp, previouslyStamped } = await stamper.stamp(req.body);
      res.json({
        uuid: stamp.uuid,
        fecha_timbrado: stamp.fecha_timbrado,
        no_certificado_sat: stamp.no_certificado_sat,
        xml: stamp.xml,
        previously_stamped: previouslyStamped,
      });
    },
  );

  app.post('/cfdi40/cancel', express.json(), (req, res) => {
    const stamp = cancellations.request(parseBody(cancelRequestSchema, req.body));
    res.json(cancellationView(stamp));
  });

  app.get('/cfdi40/:uuid', (req, res) => {
    cancellations.settle();
    res.json(statusView(found(state.stamp(req.params.uuid))));
  });

  app.get('/_sandbox/taxpayers', (_req, res) => {
    res.json(state.taxpayers());
  });

  app.put('/_sandbox/taxpayers/:rfc', express.json(), (req, res) => {
    const rfc = req.params.rfc.toUpperCase();
    if (!RFC_PATTERN.test(rfc))
      throw new PacApiError(400, 'SOLICITUD_INVALIDA', 'La ruta no lleva un RFC válido.');
    const taxpayer = { rfc, ...parseBody(taxpayerSchema, req.body) };
    state.registerTaxpayer(taxpayer);
    res.json(taxpayer);
  });

  app.post('/_sandbox/cancellations/:uuid/:answer', (req, res) => {
    const { answer } = req.params;
    if (answer !== 'accept' && answer !== 'reject')
      throw new PacApiError(404, 'RUTA_NO_EXISTE', 'La ruta solicitada no existe.');
    res.json(cancellationView(cancellations.answer(req.params.uuid, answer === 'accept')));
  });

  app.get('/_sandbox/behaviour', (_req, res) => {
    res.json(behaviour.get());
  });

  app.put('/_sandbox/behaviour', express.json(), (req, res) => {
    res.json(behaviour.update(parseBody(behaviourSchema.partial(), req.body)));
  });

  app.get('/_sandbox/certificate', (_req, res) => {
    const { rfc, noCertificado, certificatePem } = state.identity;
    res.json({ rfc, no_certificado: noCertificado, certificate_pem: certificatePem });
  });

  app.get('/_sandbox/cfdi/:file', (req, res) => {
    const stamp = found(state.stamp(req.params.file.replace(/\.xml$/, '')));
    res.type('application/xml').send(stamp.xml);
  });

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
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function found(stamp: StampedCfdi | undefined): StampedCfdi {
  if (!stamp) throw notFound();
  return stamp;
}

function cancellationView(stamp: StampedCfdi) {
  return {
    uuid: stamp.uuid,
    status: stamp.status,
    cancellation_status: stamp.cancellation_status ?? null,
    ...(stamp.fecha_cancelacion ? { fecha_cancelacion: stamp.fecha_cancelacion } : {}),
  };
}

function statusView(stamp: StampedCfdi) {
  return {
    uuid: stamp.uuid,
    status: stamp.status,
    cancellation_status: stamp.cancellation_status ?? null,
    motivo_cancelacion: stamp.motivo_cancelacion ?? null,
    folio_sustitucion: stamp.folio_sustitucion ?? null,
    fecha_cancelacion: stamp.fecha_cancelacion ?? null,
    fecha_timbrado: stamp.fecha_timbrado,
    emisor_rfc: stamp.emisor_rfc,
    receptor_rfc: stamp.receptor_rfc,
    total: stamp.total,
    tipo_de_comprobante: stamp.tipo_de_comprobante,
    xml: stamp.xml,
  };
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

function requireToken(token: string) {
  const expected = digest(token);
  return (req: Request, _res: Response, next: NextFunction) => {
    const [scheme, given] = (req.get('authorization') ?? '').split(' ');
    if (scheme !== 'Bearer' || !given || !timingSafeEqual(digest(given), expected))
      throw new PacApiError(401, 'NO_AUTORIZADO', 'Falta el token de acceso o no es válido.');
    next();
  };
}

function loopbackOnly(req: Request, _res: Response, next: NextFunction) {
  const address = req.socket.remoteAddress ?? '';
  if (!/^(127\.|::1$|::ffff:127\.)/.test(address))
    throw new PacApiError(
      403,
      'SOLO_LOCAL',
      'Las rutas de control del sandbox solo aceptan llamadas locales.',
    );
  next();
}

type BodyParserError = Error & { type?: string };

function answerError(error: unknown, _req: Request, res: Response, _next: NextFunction) {
  const send = (status: number, code: string, message: string, detail?: string) =>
    res.status(status).json({ error: { code, message, ...(detail ? { detail } : {}) } });
  if (error instanceof SatRejection) return send(422, error.code, error.message, error.detail);
  if (error instanceof PacApiError) {
    if (error.status === 503) res.set('retry-after', '1');
    return send(error.status, error.code, error.message);
  }
  const { type } = error as BodyParserError;
  if (type === 'entity.parse.failed')
    return send(400, 'SOLICITUD_INVALIDA', 'El cuerpo no es JSON válido.');
  if (type === 'entity.too.large')
    return send(413, 'DOCUMENTO_DEMASIADO_GRANDE', 'El documento excede 5 MB.');
  if (type === 'charset.unsupported' || type === 'encoding.unsupported')
    return send(415, 'TIPO_DE_CONTENIDO', 'El cuerpo debe estar en UTF-8.');
  console.error('[pac-sandbox]', error);
  return send(500, 'ERROR_INTERNO', 'Error interno del PAC de pruebas.');
}
