/**
 * Builds and seals an invoice's CFDI from today's data, once: the sealed XML is kept and
 * resent unchanged until the PAC answers, so a lost answer can never make a second stamp.
 */
import type { Executor } from '@cuota/messaging/transaction';
import type { InvoicingDb } from '../invoicing-db';
import { CfdiError } from '../cfdi/cfdi-error';
import { issueCfdi } from '../cfdi/issue-cfdi';
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import {
  fiscalEntityById,
  issuingEntityOf,
  takeFolio,
  type FiscalEntityRow,
} from '../fiscal-entities/fiscal-entity-repository';
import type { SchoolIssuers } from '../fiscal-entities/school-issuer';
import { engineStudent, invoiceParties } from './invoice-parties';
import type { ReceptorInput } from '../cfdi/invoice-input';
import { parseStampedCfdi } from '../cfdi/stamped-cfdi';
import type { InvoiceSource } from '../schema';
import {
  invoiceById,
  lockLeased,
  saveBuilt,
  type InvoiceRow,
  type Lease,
} from './invoice-repository';
import { engineLines } from './invoice-request-rules';

export type BuildOutcome =
  | { kind: 'sealed'; sealedXml: string }
  | { kind: 'failed'; code: string; message: string }
  /** The student has not arrived from enrolment yet: ask again later. */
  | { kind: 'waiting' }
  /** A credit note whose income invoice is not stamped yet: ask again later. */
  | { kind: 'related-pending' }
  /** Another worker took the invoice over (this one's lease ran out). */
  | { kind: 'lost' };

export const NO_FISCAL_ENTITY =
  'La escuela aún no registra sus datos fiscales y su certificado de sello digital (CSD) para facturar.';

export async function buildInvoice(
  db: InvoicingDb,
  issuers: SchoolIssuers,
  lease: Lease,
  now: Date,
): Promise<BuildOutcome> {
  try {
    return await db.transaction((tx) => buildLocked(tx, issuers, lease, now));
  } catch (error) {
    // The transaction rolled back: a folio taken for it is not spent.
    if (error instanceof CfdiError)
      return { kind: 'failed', code: error.code, message: error.message };
    throw error;
  }
}

async function buildLocked(
  tx: Executor,
  issuers: SchoolIssuers,
  lease: Lease,
  now: Date,
): Promise<BuildOutcome> {
  const invoice = await lockLeased(tx, lease);
  if (!invoice) return { kind: 'lost' };
  if (invoice.sealedXml) return { kind: 'sealed', sealedXml: invoice.sealedXml };
  const noEntity = {
    kind: 'failed',
    code: 'SIN_DATOS_FISCALES',
    message: NO_FISCAL_ENTITY,
  } as const;
  const related = await relatedOf(tx, invoice);
  if (related.kind !== 'ready') return related;
  const parties = await invoiceParties(tx, invoice);
  if (!parties.student) return { kind: 'waiting' };
  const entity = await issuingEntity(tx, invoice, related.entityId, parties.student.level);
  if (!entity) return noEntity;
  const receptor = related.receptor ?? parties.receptor;
  const { issuer, csd } = issuers.issuerOf(entity);
  const numbered =
    invoice.series && invoice.folio
      ? { series: invoice.series, folio: invoice.folio }
      : await takeFolio(tx, entity.id);
  if (!numbered) return noEntity;
  // The payment happened before the invoice, even if its service's clock runs ahead.
  const issuedAt = new Date(Math.max(now.getTime(), invoice.paidAt.getTime()));
  const issued = issueCfdi(
    {
      issuer,
      receptor,
      payment: {
        method: invoice.method,
        paidAt: invoice.paidAt,
        ...(parties.payerRfc ? { payerRfc: parties.payerRfc } : {}),
      },
      ...numbered,
      issuedAt,
      ...(related.uuid ? { creditNoteFor: related.uuid } : {}),
      lines: engineLines(
        invoice.lines,
        engineStudent(parties.student, parties.receptor?.rfc),
        invoice.document === 'credit_note' ? CREDIT_PREFIX[invoice.sourceKind] : undefined,
      ),
    },
    csd,
  );
  await saveBuilt(tx, lease, {
    fiscalEntityId: entity.id,
    billingGuardianId: parties.receptorGuardianId,
    receptorRfc: issued.comprobante.Receptor.Rfc,
    receptorName: issued.comprobante.Receptor.Nombre,
    receptorNote: issued.receptor.kind === 'publico-en-general' ? issued.receptor.reason : null,
    series: numbered.series,
    folio: numbered.folio,
    sealedXml: issued.xml,
    issuedAt,
  });
  return { kind: 'sealed', sealedXml: issued.xml };
}

/**
 * The razón social that issues the invoice: the one that numbered it (its folio is that
 * entity's), a credit note's income invoice's, else the one of the student's level.
 */
async function issuingEntity(
  tx: Executor,
  invoice: InvoiceRow,
  relatedEntityId: string | null | undefined,
  level: EducationLevel,
): Promise<FiscalEntityRow | undefined> {
  const chosen = invoice.fiscalEntityId ?? relatedEntityId;
  if (chosen) return fiscalEntityById(tx, chosen);
  return issuingEntityOf(tx, invoice.schoolId, level);
}

/** What a credit note's lines say was given back. */
const CREDIT_PREFIX: Partial<Record<InvoiceSource, string>> = {
  reversal: 'Devolución',
  adjustment: 'Bonificación',
  staff: 'Nota de crédito',
};

export const RELATED_CANCELED =
  'La factura a la que se refiere esta nota de crédito está cancelada; no se emite.';

/**
 * A credit note is made out exactly as its stamped income CFDI (same receptor and emisor) and
 * relates to its UUID; it waits while that invoice is not stamped. An income invoice relates to none.
 */
async function relatedOf(
  tx: Executor,
  invoice: InvoiceRow,
): Promise<
  | { kind: 'ready'; uuid?: string; receptor?: ReceptorInput; entityId?: string | null }
  | { kind: 'related-pending' }
  | { kind: 'failed'; code: string; message: string }
> {
  if (!invoice.relatedInvoiceId) return { kind: 'ready' };
  const related = await invoiceById(tx, invoice.relatedInvoiceId);
  if (related?.status === 'canceled' || related?.status === 'canceling')
    return { kind: 'failed', code: 'FACTURA_CANCELADA', message: RELATED_CANCELED };
  if (related?.status !== 'success' || !related.stampedXml) return { kind: 'related-pending' };
  const { comprobante, timbre } = parseStampedCfdi(related.stampedXml);
  const r = comprobante.Receptor;
  return {
    kind: 'ready',
    uuid: timbre.UUID,
    entityId: related.fiscalEntityId,
    receptor: {
      rfc: r.Rfc,
      name: r.Nombre,
      postalCode: r.DomicilioFiscalReceptor,
      regimenFiscal: r.RegimenFiscalReceptor,
    },
  };
}
