import express, { type NextFunction, type Request, type Response } from 'express';
import { cancellationAcuse } from './cancel-acuse.ts';
import { readCancelRequest } from './cancel-csd.ts';
import type { Cancellations } from './cancellation.ts';
import { xmlPart } from './multipart-xml.ts';
import { ServiceDown, type SandboxBehaviour } from './sandbox-behaviour.ts';
import { SAT_MESSAGES, SatRejection } from './sat-rejections.ts';
import type { Stamper } from './stamping.ts';
import type { SwAuth } from './sw-auth.ts';
import { SwError, swMessage, swSuccess } from './sw-envelope.ts';
import { swStampV4 } from './sw-stamp-answer.ts';

export interface SwApi {
  auth: SwAuth;
  stamper: Stamper;
  cancellations: Cancellations;
  behaviour: SandboxBehaviour;
  now: () => Date;
}

const BAD_FIELDS = 'CACFDI33 - Problemas con los campos.';

/**
 * SW sapien's REST API as published (published/*.json): authenticate, stamp (response
 * version v4) and cancel by CSD, every answer in SW's envelope.
 */
export function swRoutes(api: SwApi): express.Router {
  const router = express.Router();

  router.post('/v2/security/authenticate', express.json(), (req, res) => {
    res.json(swSuccess(api.auth.authenticate(req.body)));
  });

  router.post(
    '/cfdi33/stamp/v4',
    api.auth.requireToken,
    express.raw({ type: () => true, limit: '5mb' }),
    async (req, res) => {
      const xml = await xmlPart(req);
      const { stamp, previouslyStamped, lost } = await api.behaviour.stamping(async () => {
        await api.behaviour.beforeStamp();
        return { ...(await api.stamper.stamp(xml)), lost: api.behaviour.loseAnswer() };
      });
      if (lost) return void req.socket.destroy();
      const data = await swStampV4(stamp);
      if (!previouslyStamped) return void res.json(swSuccess(data));
      // The same document again (a retry after a lost answer): its first stamp, as an error.
      throw new SwError(400, swMessage('307', SAT_MESSAGES['307']), null, data);
    },
  );

  router.post('/cfdi33/cancel/csd', api.auth.requireToken, express.json(), (req, res) => {
    const request = readCancelRequest(req.body, api.now());
    const status = api.cancellations.request(request);
    const uuid = request.uuid.toUpperCase();
    const acuse = cancellationAcuse(request.rfcEmisor, uuid, status, api.now());
    res.json(swSuccess({ acuse, uuid: { [uuid]: status } }));
  });

  router.use(answerSwError);
  return router;
}

type BodyParserError = Error & { type?: string };

function asSwError(error: unknown): SwError | undefined {
  if (error instanceof SwError) return error;
  if (error instanceof SatRejection)
    return new SwError(400, swMessage(error.code, error.message), error.detail ?? null);
  const { type } = error as BodyParserError;
  if (type === 'entity.parse.failed')
    return new SwError(400, BAD_FIELDS, 'El cuerpo no es JSON válido.');
  if (type === 'entity.too.large') return new SwError(413, BAD_FIELDS, 'El documento excede 5 MB.');
  return undefined;
}

function answerSwError(error: unknown, _req: Request, res: Response, next: NextFunction) {
  if (error instanceof ServiceDown)
    return void res
      .status(error.status)
      .set('retry-after', '1')
      .type('text/plain')
      .send(error.message);
  const answer = asSwError(error);
  if (!answer) return next(error);
  res.status(answer.httpStatus).json(answer.body());
}
