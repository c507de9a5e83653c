/**
 * Builds and seals an invoice's CFDI from today's data, once: the sealed XML is kept and
 * resent unchanged until the PAC answers, so a lost answer can never make a second stamp.
 */
import type { Executor } from '@cuota/messaging/transaction';
import type { InvoicingDb } from '../invoicing-db';
import { CfdiError } from '../cfdi/cfdi-error';
import { issueCfdi, issuePaymentCfdi } from '../cfdi/issue-cfdi';
import type { StampedComprobante } from '../cfdi/comprobante';
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import {
  fiscalEntityById,
  issuingEntityOf,
  takeFolio,
  type FiscalEntityRow,
} from '../fiscal-entities/fiscal-entity-repository';
import type { SchoolIssuers } from '../fiscal-entities/school-issuer';
import { engineStudent, invoiceParties, isGuestSale, type InvoiceParties } from './invoice-parties';
import type { InvoiceInput, ReceptorInput } from '../cfdi/invoice-input';
import type { Csd } from '../cfdi/csd';
import { parseStampedCfdi } from '../cfdi/stamped-cfdi';
import type { InvoiceDocument, InvoiceSource } from '../schema';
import { paymentComplementInput, type PaidComplement } from './payment-complement-input';
import { ridersOf } from './payment-complement-repository';
import { issuedAncestorOf } from './reversed-complement-repository';
import { REPLACED_GLOBAL_GONE, buildGlobalInvoice } from '../global-invoices/build-global-invoice';
import { RFC_PUBLICO_EN_GENERAL } from '../cfdi/receptor';
import {
  holdForGlobal,
  invoiceById,
  lockLeased,
  saveBuilt,
  type InvoiceRow,
  type Lease,
} from './invoice-repository';
import { engineLines } from './invoice-request-rules';
import type { BuildOutcome } from './build-outcome';

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
  if (invoice.document === 'global')
    return buildGlobalInvoice(tx, issuers, invoice, lease, now, noEntity);
  const related = await relatedOf(tx, invoice);
  if (related.kind !== 'ready') return related;
  const replaced = await replacedComplementOf(tx, invoice);
  if (replaced.kind !== 'ready') return replaced;
  const carried = await carriedDocumentsOf(tx, invoice);
  if (carried.kind !== 'ready') return carried;
  const parties = await invoiceParties(tx, invoice);
  if (!parties.student && !isGuestSale(invoice)) return { kind: 'waiting' };
  const entity = await issuingEntity(tx, invoice, related.entityId, parties.student?.level);
  if (!entity) return noEntity;
  if (heldForGlobal(invoice, entity, parties)) {
    await holdForGlobal(tx, lease, {
      fiscalEntityId: entity.id,
      billingGuardianId: parties.receptorGuardianId,
      receptorRfc: parties.receptorRfc,
      receptorName: parties.receptorName,
      receptorNote: parties.receptorNote,
    });
    return { kind: 'held' };
  }
  // A credit note or a CFDI de pago is made out as its stamped invoice; a substitute carries
  // today's data (the correction is why it exists).
  const receptor =
    related.stamped && invoice.document !== 'invoice'
      ? receptorOfStamped(related.stamped)
      : parties.receptor;
  const { issuer, csd } = issuers.issuerOf(entity);
  const numbered =
    invoice.series && invoice.folio
      ? { series: invoice.series, folio: invoice.folio }
      : await takeFolio(tx, entity.id);
  if (!numbered) return noEntity;
  // The payment happened before the invoice, even if its service's clock runs ahead.
  const issuedAt = new Date(Math.max(now.getTime(), invoice.paidAt.getTime()));
  const document = { issuer, issuedAt, ...numbered };
  const issued =
    invoice.document === 'payment'
      ? {
          ...issuePaymentCfdi(
            paymentComplementInput(
              [{ complement: invoice, ppd: related.stamped! }, ...carried.documents],
              {
                ...document,
                ...(replaced.uuid ? { substitutes: replaced.uuid } : {}),
              },
            ),
            csd,
          ),
          receptorNote: invoice.receptorNote,
        }
      : issueIncomeOrCredit(invoice, { ...document, receptor, parties, related }, csd);
  await saveBuilt(tx, lease, {
    fiscalEntityId: entity.id,
    billingGuardianId: parties.receptorGuardianId,
    receptorRfc: issued.comprobante.Receptor.Rfc,
    receptorName: issued.comprobante.Receptor.Nombre,
    receptorNote: issued.receptorNote,
    series: numbered.series,
    folio: numbered.folio,
    sealedXml: issued.xml,
    issuedAt,
  });
  return { kind: 'sealed', sealedXml: issued.xml };
}

/**
 * A payment's own income invoice to público en general, of an entity that invoices those
 * payments globally, not numbered yet and never released from the global one (ADR 0042).
 */
function heldForGlobal(
  invoice: InvoiceRow,
  entity: FiscalEntityRow,
  parties: InvoiceParties,
): boolean {
  return (
    entity.publicoEnGeneral !== 'per_payment' &&
    invoice.document === 'invoice' &&
    invoice.globalState === null &&
    invoice.replacesInvoiceId === null &&
    invoice.method !== null &&
    invoice.folio === null &&
    parties.receptorRfc === RFC_PUBLICO_EN_GENERAL
  );
}

/** An income invoice (PUE, or PPD when billed) or a credit note, sealed. */
function issueIncomeOrCredit(
  invoice: InvoiceRow,
  context: Pick<InvoiceInput, 'issuer' | 'issuedAt' | 'series' | 'folio' | 'receptor'> & {
    parties: InvoiceParties;
    related: { stamped?: StampedComprobante };
  },
  csd: Csd,
) {
  const { parties, related, ...document } = context;
  const issued = issueCfdi(
    {
      ...document,
      payment: {
        // A PPD invoice and its credit notes have no payment (FormaPago 99 / 17): the
        // method stands in, unused.
        method: invoice.method ?? 'transfer',
        paidAt: invoice.paidAt,
        ...(parties.payerRfc ? { payerRfc: parties.payerRfc } : {}),
      },
      deferred: invoice.method === null && invoice.document === 'invoice',
      againstBalance: invoice.method === null && invoice.document === 'credit_note',
      ...(related.stamped
        ? invoice.document === 'credit_note'
          ? { creditNoteFor: related.stamped.timbre.UUID }
          : { substitutes: related.stamped.timbre.UUID }
        : {}),
      lines: engineLines(
        invoice.lines,
        parties.student && engineStudent(parties.student, parties.receptor?.rfc),
        invoice.document === 'credit_note' ? CREDIT_PREFIX[invoice.sourceKind] : undefined,
      ),
    },
    csd,
  );
  const receptorNote =
    issued.receptor.kind === 'publico-en-general' ? issued.receptor.reason : null;
  return { ...issued, receptorNote };
}

/**
 * The razón social that issues the invoice: the one that numbered it (its folio is that
 * entity's), a credit note's income invoice's, else the one of the student's level (a
 * guest's sale, of no level: the school's general one).
 */
async function issuingEntity(
  tx: Executor,
  invoice: InvoiceRow,
  relatedEntityId: string | null | undefined,
  level: EducationLevel | undefined,
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

export const RELATED_CANCELED: Record<InvoiceDocument, string> = {
  invoice: 'La factura que sustituye ya está cancelada o en cancelación; no se emite.',
  credit_note: 'La factura a la que se refiere esta nota de crédito está cancelada; no se emite.',
  payment: 'La factura a la que se refiere este complemento de pago está cancelada; no se emite.',
  global: REPLACED_GLOBAL_GONE,
};

/**
 * A credit note is made out exactly as its stamped income CFDI (same receptor and emisor) and
 * relates to its UUID, and so does a CFDI de pago to its PPD invoice; each waits while that
 * invoice is not stamped. A substitute relates to (and is issued by the emisor of) the
 * invoice it replaces. Any other income invoice relates to none.
 */
async function relatedOf(
  tx: Executor,
  invoice: InvoiceRow,
): Promise<
  | { kind: 'ready'; stamped?: StampedComprobante; entityId?: string | null }
  | { kind: 'related-pending' }
  | { kind: 'failed'; code: string; message: string }
> {
  const relatedId = invoice.relatedInvoiceId ?? invoice.replacesInvoiceId;
  if (!relatedId) return { kind: 'ready' };
  const related = await invoiceById(tx, relatedId);
  if (related?.status === 'canceled' || related?.status === 'canceling')
    return {
      kind: 'failed',
      code: 'FACTURA_CANCELADA',
      message: RELATED_CANCELED[invoice.document],
    };
  if (related?.status !== 'success' || !related.stampedXml) return { kind: 'related-pending' };
  return {
    kind: 'ready',
    stamped: parseStampedCfdi(related.stampedXml),
    entityId: related.fiscalEntityId,
  };
}

/**
 * A CFDI de pago restated after a partial refund relates to the stamped complement it
 * replaces, so it waits for that one's UUID; when the chain began unsent there is nothing to
 * relate to, and one cancelled meanwhile by other means leaves the restatement unissued.
 */
async function replacedComplementOf(
  tx: Executor,
  invoice: InvoiceRow,
): Promise<
  | { kind: 'ready'; uuid?: string }
  | { kind: 'related-pending' }
  | { kind: 'failed'; code: string; message: string }
> {
  if (invoice.document !== 'payment' || !invoice.replacesInvoiceId) return { kind: 'ready' };
  const old = await issuedAncestorOf(tx, invoice, invoiceById);
  if (!old) return { kind: 'ready' };
  if (old.status === 'canceled' || old.status === 'canceling')
    return { kind: 'failed', code: 'COMPLEMENTO_CANCELADO', message: REPLACED_COMPLEMENT_GONE };
  if (!old.uuid) return { kind: 'related-pending' };
  return { kind: 'ready', uuid: old.uuid };
}

/**
 * The other PPD invoices a CFDI de pago pays (its riders' documents), each stamped: one not
 * stamped yet makes the whole CFDI wait, one cancelled fails it as for a lone complement.
 */
async function carriedDocumentsOf(
  tx: Executor,
  invoice: InvoiceRow,
): Promise<
  | { kind: 'ready'; documents: PaidComplement[] }
  | { kind: 'related-pending' }
  | { kind: 'failed'; code: string; message: string }
> {
  if (invoice.document !== 'payment') return { kind: 'ready', documents: [] };
  const documents: PaidComplement[] = [];
  for (const rider of await ridersOf(tx, invoice.id)) {
    const related = await relatedOf(tx, rider);
    if (related.kind !== 'ready') return related;
    documents.push({ complement: rider, ppd: related.stamped! });
  }
  return { kind: 'ready', documents };
}

export const REPLACED_COMPLEMENT_GONE =
  'El complemento de pago que este sustituye ya está cancelado; no se emite.';

function receptorOfStamped({ comprobante }: StampedComprobante): ReceptorInput {
  const r = comprobante.Receptor;
  return {
    rfc: r.Rfc,
    name: r.Nombre,
    postalCode: r.DomicilioFiscalReceptor,
    regimenFiscal: r.RegimenFiscalReceptor,
  };
}
