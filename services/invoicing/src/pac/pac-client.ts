/**
 * The PAC (proveedor autorizado de certificación) as invoicing uses it, whoever the provider:
 * stamp a sealed CFDI, ask SAT to cancel one, ask SAT for its status. One implementation per
 * provider (sw/ for SW sapien; docs/adr/0031 says how another slots in), chosen by
 * configuration in create-pac-client.ts.
 */
import type { CsdFiles } from '../cfdi/csd';
import type { VerificationFields } from '../cfdi/verification-url';

export interface PacClient {
  /**
   * Certifies a sealed CFDI. Idempotent on the document: the same sealed XML sent again (a
   * retry after a lost answer) answers the stamp it already has, never a second UUID.
   */
  stamp(sealedXml: string): Promise<StampOutcome>;
  /** Asks SAT, through the PAC, to cancel a CFDI; the request is signed with the issuer's CSD. */
  cancel(request: CancelRequest): Promise<CancelOutcome>;
  /** SAT's view of a CFDI (its Servicio de Consulta de CFDI). */
  status(cfdi: VerificationFields): Promise<StatusOutcome>;
}

/** How the PAC answered a stamp request, in the terms the stamping worker acts on. */
export type StampOutcome =
  | { kind: 'stamped'; uuid: string; xml: string }
  /** Final: SAT's rules refused it; it never stamps unless the data changes. */
  | { kind: 'rejected'; code: string; message: string }
  /** Worth asking again later: the PAC was down, slow, unreachable or answered nonsense. */
  | { kind: 'unavailable'; reason: string };

/** c_Motivo: 01 errors with a substitute CFDI, 02 errors without, 03 no operation, 04 global invoice. */
export type CancellationMotive = '01' | '02' | '03' | '04';

export interface CancelRequest {
  uuid: string;
  issuerRfc: string;
  motive: CancellationMotive;
  /** Motive 01 only: the UUID of the CFDI that replaces this one (stamped first). */
  substituteUuid?: string;
  /** The issuer's CSD, with which the request to SAT is signed. */
  csd: CsdFiles;
}

export type CancelOutcome =
  /**
   * SAT took the request (201) or already had it (202). Whether the CFDI is cancelled now or
   * waits for the receptor's acceptance, `status` tells. `acuse` is SAT's receipt (XML).
   */
  | { kind: 'requested'; folioStatus: '201' | '202'; acuse: string }
  /** Final for this request: SAT's folio code (203 another emisor's, 205 unknown, …) or the PAC's. */
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'unavailable'; reason: string };

export type StatusOutcome =
  | {
      kind: 'found';
      state: 'active' | 'cancelled';
      cancellable: 'without_acceptance' | 'with_acceptance' | 'not_cancellable';
      /** EstatusCancelacion; 'none' when no cancellation was ever requested. */
      cancellation:
        | 'none'
        | 'in_process'
        | 'cancelled_without_acceptance'
        | 'cancelled_with_acceptance'
        | 'expired_acceptance'
        | 'rejected';
    }
  /** SAT does not know it (yet: SAT may take up to 72 hours to list a new CFDI). */
  | { kind: 'not_found'; code: string }
  | { kind: 'unavailable'; reason: string };
