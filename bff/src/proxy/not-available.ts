import type { Response } from 'express';
import type { HttpMethod } from '@cuota/contracts/http/endpoint';

export const NOT_AVAILABLE_MESSAGE = 'Esta función aún no está disponible.';

/**
 * 501 for a row of the specification nobody serves yet (ADR 0027). Not 503: retrying will not
 * help until a release adds it.
 */
export function answerNotAvailable(res: Response): void {
  res.status(501).json({
    error: { code: 'NOT_IMPLEMENTED', message: NOT_AVAILABLE_MESSAGE },
  });
}

export function answerMethodNotAllowed(res: Response, method: string, allowed: HttpMethod[]) {
  res
    .status(405)
    .set('Allow', allowed.join(', '))
    .json({
      error: {
        code: 'METHOD_NOT_ALLOWED',
        message: `Esta ruta no admite el método ${method}.`,
      },
    });
}
