import type { Response } from 'express';
import type { HttpMethod } from '@cuota/contracts/http/endpoint';

/**
 * 501 for an endpoint of the specification whose owner does not exist yet (notifications)
 * or that the BFF does not serve yet (some identity rows). Not 503: retrying will not help
 * until a release adds it.
 */
export function answerNotAvailable(res: Response): void {
  res.status(501).json({
    error: { code: 'NOT_IMPLEMENTED', message: 'Esta función aún no está disponible.' },
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
