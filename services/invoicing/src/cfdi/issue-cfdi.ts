/**
 * The engine's front door: a payment and the school's CSD in, a sealed CFDI 4.0 out, ready
 * for the PAC to stamp.
 */
import { buildComprobante } from './build-comprobante.ts';
import { buildGlobalComprobante } from './build-global-comprobante.ts';
import {
  buildPaymentComprobante,
  type PaymentComplementInput,
} from './build-payment-comprobante.ts';
import type { Comprobante } from './comprobante.ts';
import { comprobanteToXml } from './comprobante-xml.ts';
import type { Csd } from './csd.ts';
import type { GlobalInvoiceInput } from './global-invoice-input.ts';
import type { GlobalPeriod } from './global-period.ts';
import type { InvoiceInput } from './invoice-input.ts';
import type { ResolvedReceptor } from './receptor.ts';
import { sealComprobante } from './seal.ts';

export interface IssuedCfdi {
  comprobante: Comprobante;
  xml: string;
  cadenaOriginal: string;
  receptor: ResolvedReceptor;
}

export function issueCfdi(input: InvoiceInput, csd: Csd): IssuedCfdi {
  const { comprobante, receptor } = buildComprobante(input);
  const sealed = sealComprobante(comprobante, csd, input.issuedAt);
  return {
    comprobante: sealed.comprobante,
    xml: comprobanteToXml(sealed.comprobante),
    cadenaOriginal: sealed.cadenaOriginal,
    receptor,
  };
}

/** A CFDI de pago (Pagos 2.0) for money received against stamped PPD invoices, sealed. */
export function issuePaymentCfdi(
  input: PaymentComplementInput,
  csd: Csd,
): Omit<IssuedCfdi, 'receptor'> {
  const sealed = sealComprobante(buildPaymentComprobante(input), csd, input.issuedAt);
  return {
    comprobante: sealed.comprobante,
    xml: comprobanteToXml(sealed.comprobante),
    cadenaOriginal: sealed.cadenaOriginal,
  };
}

/** A period's global invoice (público en general, InformacionGlobal), sealed. */
export function issueGlobalCfdi(
  input: GlobalInvoiceInput,
  csd: Csd,
): Omit<IssuedCfdi, 'receptor'> & { period: GlobalPeriod } {
  const { comprobante, period } = buildGlobalComprobante(input);
  const sealed = sealComprobante(comprobante, csd, input.issuedAt);
  return {
    comprobante: sealed.comprobante,
    xml: comprobanteToXml(sealed.comprobante),
    cadenaOriginal: sealed.cadenaOriginal,
    period,
  };
}
