import { randomInt } from 'node:crypto';
import type { PacIdentity } from './pac-state.ts';
import { issueSatCertificate } from './sat-certificate.ts';

/** The sandbox's RFC as proveedor de certificación (a persona moral RFC with a valid check digit). */
export const PAC_RFC = 'CPS260101SB0';
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A fresh certificate for the sandbox, made once at first start and kept in the state file. */
export function createPacIdentity(now: Date): PacIdentity {
  // SAT's certificate numbers are 20 digits; "00001000000" is how SAT's own begin.
  const noCertificado = `00001000000${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  const issued = issueSatCertificate({
    rfc: PAC_RFC,
    name: 'CUOTA PAC SANDBOX',
    noCertificado,
    validFrom: new Date(now.getTime() - YEAR_MS),
    validTo: new Date(now.getTime() + 4 * YEAR_MS),
  });
  return { rfc: PAC_RFC, noCertificado, ...issued };
}
