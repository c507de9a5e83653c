/**
 * Builds and seals a period's global invoice from the payments collected in it (ADR 0042),
 * once: the global row is locked by its lease, so no payment joins or leaves while it is
 * sealed, and the sealed XML is resent unchanged until the PAC answers.
 */
import type { Executor } from '@cuota/messaging/transaction';
import { CfdiError } from '../cfdi/cfdi-error';
import { issueGlobalCfdi } from '../cfdi/issue-cfdi';
import type { GlobalTicket } from '../cfdi/global-invoice-input';
import { fiscalEntityById, takeFolio } from '../fiscal-entities/fiscal-entity-repository';
import type { SchoolIssuers } from '../fiscal-entities/school-issuer';
import {
  invoiceById,
  saveBuilt,
  type InvoiceRow,
  type Lease,
} from '../invoices/invoice-repository';
import { departuresStamped } from './global-reissue-repository';
import { engineStudent, isGuestSale } from '../invoices/invoice-parties';
import { engineLines } from '../invoices/invoice-request-rules';
import type { BuildOutcome } from '../invoices/build-outcome';
import {
  globalMembersOf,
  refreshGlobalTotals,
  type GlobalMember,
} from './global-invoice-repository';
import { parseGlobalInvoiceKey } from './global-invoice-key';

export const UNKNOWN_MEMBER_STUDENT =
  'Un pago de la factura global es de un alumno que ya no tenemos registrado; revísalo y reintenta.';
export const GLOBAL_WITHOUT_PAYMENTS =
  'La factura global ya no tiene pagos: cada familia pidió su propia factura.';

export async function buildGlobalInvoice(
  tx: Executor,
  issuers: SchoolIssuers,
  global: InvoiceRow,
  lease: Lease,
  now: Date,
  noEntity: BuildOutcome,
): Promise<BuildOutcome> {
  const entity = global.fiscalEntityId && (await fiscalEntityById(tx, global.fiscalEntityId));
  if (!entity) return noEntity;
  const replaced = await replacedGlobalOf(tx, global);
  if (replaced.kind !== 'ready') return replaced;
  const members = await globalMembersOf(tx, global.id);
  if (members.length === 0)
    return { kind: 'failed', code: 'GLOBAL_SIN_PAGOS', message: GLOBAL_WITHOUT_PAYMENTS };
  await refreshGlobalTotals(tx, global.id);
  const numbered =
    global.series && global.folio
      ? { series: global.series, folio: global.folio }
      : await takeFolio(tx, entity.id);
  if (!numbered) return noEntity;
  const { periodicity, from } = parseGlobalInvoiceKey(global.sourceId);
  const { issuer, csd } = issuers.issuerOf(entity);
  const issued = issueGlobalCfdi(
    {
      issuer,
      periodicity,
      day: from,
      ...numbered,
      issuedAt: now,
      tickets: members.map(ticketOf),
      ...(replaced.uuid ? { substitutes: replaced.uuid } : {}),
    },
    csd,
  );
  await saveBuilt(tx, lease, {
    fiscalEntityId: entity.id,
    billingGuardianId: null,
    receptorRfc: issued.comprobante.Receptor.Rfc,
    receptorName: issued.comprobante.Receptor.Nombre,
    receptorNote: null,
    ...numbered,
    sealedXml: issued.xml,
    issuedAt: now,
  });
  return { kind: 'sealed', sealedXml: issued.xml };
}

/**
 * A re-issue (ADR 0050) relates to the stamped global it replaces, and waits until every
 * payment that left that one has its own CFDI: nothing is left out of both.
 */
async function replacedGlobalOf(
  tx: Executor,
  global: InvoiceRow,
): Promise<
  | { kind: 'ready'; uuid?: string }
  | { kind: 'related-pending' }
  | { kind: 'failed'; code: string; message: string }
> {
  if (!global.replacesInvoiceId) return { kind: 'ready' };
  const old = await invoiceById(tx, global.replacesInvoiceId);
  if (old?.status !== 'success' || !old.uuid)
    return { kind: 'failed', code: 'FACTURA_CANCELADA', message: REPLACED_GLOBAL_GONE };
  if (!(await departuresStamped(tx, old.id))) return { kind: 'related-pending' };
  return { kind: 'ready', uuid: old.uuid };
}

export const REPLACED_GLOBAL_GONE =
  'La factura global que esta reemite ya está cancelada o en cancelación; no se emite.';

/** A collected payment as the global CFDI's ticket: NoIdentificacion is the payment. */
function ticketOf({ invoice, student }: GlobalMember): GlobalTicket {
  const ticket = { id: invoice.sourceId, paidAt: invoice.paidAt, method: invoice.method! };
  // A store guest's sale names no student: its lines carry their own IVA (ADR 0092).
  if (isGuestSale(invoice)) return { ...ticket, lines: engineLines(invoice.lines, undefined) };
  // A payment was held only once its student was known; one removed since cannot say its
  // level (RVOE), so the global waits for staff rather than guess the IVA.
  if (!student?.level) throw new CfdiError('ALUMNO_DESCONOCIDO', UNKNOWN_MEMBER_STUDENT);
  return {
    ...ticket,
    lines: engineLines(invoice.lines, engineStudent({ ...student, level: student.level }, null)),
  };
}
