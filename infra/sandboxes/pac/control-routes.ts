import express, { type NextFunction, type Request, type Response } from 'express';
import type { Cancellations } from './cancellation.ts';
import { notFound, PacApiError } from './pac-api-error.ts';
import type { PacState, StampedCfdi } from './pac-state.ts';
import { parseBody, RFC_PATTERN, taxpayerSchema } from './request-schemas.ts';
import { behaviourSchema, type SandboxBehaviour } from './sandbox-behaviour.ts';

/**
 * The sandbox's own routes under /_sandbox (loopback callers only, no token): SAT's list of
 * taxpayers, the receptor's answer to a cancellation, faults, the certificate, stored CFDI.
 */
export function controlRoutes(
  state: PacState,
  cancellations: Cancellations,
  behaviour: SandboxBehaviour,
): express.Router {
  const router = express.Router();
  router.use(loopbackOnly);

  router.get('/taxpayers', (_req, res) => {
    res.json(state.taxpayers());
  });

  router.put('/taxpayers/:rfc', express.json(), (req, res) => {
    const rfc = req.params.rfc.toUpperCase();
    if (!RFC_PATTERN.test(rfc))
      throw new PacApiError(400, 'SOLICITUD_INVALIDA', 'La ruta no lleva un RFC válido.');
    const taxpayer = { rfc, ...parseBody(taxpayerSchema, req.body) };
    state.registerTaxpayer(taxpayer);
    res.json(taxpayer);
  });

  router.post('/cancellations/:uuid/:answer', (req, res) => {
    const { answer } = req.params;
    if (answer !== 'accept' && answer !== 'reject')
      throw new PacApiError(404, 'RUTA_NO_EXISTE', 'La ruta solicitada no existe.');
    res.json(cancellationView(cancellations.answer(req.params.uuid, answer === 'accept')));
  });

  router.get('/behaviour', (_req, res) => {
    res.json(behaviour.get());
  });

  router.put('/behaviour', express.json(), (req, res) => {
    res.json(behaviour.update(parseBody(behaviourSchema.partial(), req.body)));
  });

  router.get('/certificate', (_req, res) => {
    const { rfc, noCertificado, certificatePem } = state.identity;
    res.json({ rfc, no_certificado: noCertificado, certificate_pem: certificatePem });
  });

  router.get('/cfdi/:file', (req, res) => {
    const stamp = state.stamp(req.params.file.replace(/\.xml$/, ''));
    if (!stamp) throw notFound();
    res.type('application/xml').send(stamp.xml);
  });

  return router;
}

function cancellationView(stamp: StampedCfdi) {
  return {
    uuid: stamp.uuid,
    status: stamp.status,
    cancellation_status: stamp.cancellation_status ?? null,
    ...(stamp.fecha_cancelacion ? { fecha_cancelacion: stamp.fecha_cancelacion } : {}),
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
