import type { Cfdi, CfdiConcepto, CfdiTax } from './cfdi-reading.ts';
import {
  add,
  compare,
  equals,
  formatDecimal,
  halfUnit,
  multiply,
  parseDecimal,
  roundTo,
  subtract,
  sum,
  ZERO,
  type Decimal,
} from './sat-decimal.ts';
import { SatRejection, type SatCode } from './sat-rejections.ts';

/**
 * The sums SAT checks when stamping (Anexo 20, Guía de llenado): concept amounts and their
 * taxes within SAT's rounding limits, SubTotal, Descuento, Total, and the Comprobante's
 * Impuestos against its concepts'. The first broken rule is answered.
 */
export function checkArithmetic(cfdi: Cfdi): void {
  const places = currencyPlaces(cfdi.moneda);
  checkPlaces(cfdi, places);
  cfdi.conceptos.forEach((concepto, index) => checkConcepto(concepto, index + 1, places));
  checkSubTotal(cfdi, places);
  checkImpuestos(cfdi, places);
  checkTotal(cfdi);
}

/** Decimals each currency supports (c_Moneda); the sandbox bills MXN, and XXX is a payment's. */
function currencyPlaces(moneda: string): number {
  return moneda === 'XXX' ? 0 : 2;
}

/** SAT's amount patterns let odd strings through (an unescaped "." in t_Importe): refuse them. */
function d(text: string): Decimal {
  try {
    return parseDecimal(text);
  } catch {
    throw new SatRejection('301', `"${text}" no es un importe decimal.`);
  }
}
const TEN_TO_MINUS_12: Decimal = { units: 1n, places: 12 };

function expected(code: SatCode, esperado: Decimal, reportado: Decimal, where = ''): never {
  throw new SatRejection(
    code,
    `${where}ValorEsperado: ${formatDecimal(esperado)} ValorReportado: ${formatDecimal(reportado)}`,
  );
}

function checkPlaces(cfdi: Cfdi, places: number): void {
  if (d(cfdi.subTotal).places > places) throw new SatRejection('CFDI40107');
  if (cfdi.descuento && d(cfdi.descuento).places > places) throw new SatRejection('CFDI40112');
}

interface Limits {
  lower: Decimal;
  upper: Decimal;
}

/**
 * SAT's tolerance for a product: each factor may be off by half a unit of its last written
 * decimal; the lower limit is truncated and the upper rounded up to the currency's decimals.
 */
function productLimits(a: Decimal, b: Decimal, places: number, bOwnTolerance: boolean): Limits {
  const low = (x: Decimal) => subtract(x, halfUnit(x.places));
  const high = (x: Decimal) => subtract(add(x, halfUnit(x.places)), TEN_TO_MINUS_12);
  return {
    lower: roundTo(multiply(low(a), bOwnTolerance ? low(b) : b), places, 'floor'),
    upper: roundTo(multiply(high(a), bOwnTolerance ? high(b) : b), places, 'ceil'),
  };
}

function within(value: Decimal, { lower, upper }: Limits): boolean {
  return compare(value, lower) >= 0 && compare(value, upper) <= 0;
}

function outOfLimits(code: SatCode, value: Decimal, limits: Limits, where: string): never {
  throw new SatRejection(
    code,
    `${where}LimiteInferior: ${formatDecimal(limits.lower)} LimiteSuperior: ${formatDecimal(limits.upper)} ValorReportado: ${formatDecimal(value)}`,
  );
}

function checkConcepto(concepto: CfdiConcepto, number: number, places: number): void {
  const where = `Concepto ${number}: `;
  const importe = d(concepto.importe);
  const limits = productLimits(d(concepto.cantidad), d(concepto.valorUnitario), places, true);
  if (!within(importe, limits)) outOfLimits('CFDI40167', importe, limits, where);
  for (const traslado of concepto.traslados) {
    if (traslado.tipoFactor === 'Exento') {
      if (traslado.tasaOCuota !== undefined || traslado.importe !== undefined)
        throw new SatRejection('CFDI40177', where);
    } else checkTaxImporte(traslado, 'CFDI40180', places, where);
  }
  for (const retencion of concepto.retenciones)
    checkTaxImporte(retencion, 'CFDI40186', places, where);
}

function checkTaxImporte(tax: CfdiTax, code: SatCode, places: number, where: string): void {
  if (tax.base === undefined || tax.tasaOCuota === undefined || tax.importe === undefined) return;
  const importe = d(tax.importe);
  const limits = productLimits(d(tax.base), d(tax.tasaOCuota), places, false);
  if (!within(importe, limits)) outOfLimits(code, importe, limits, where);
}

function checkSubTotal(cfdi: Cfdi, places: number): void {
  const subTotal = d(cfdi.subTotal);
  if (['I', 'E', 'N'].includes(cfdi.tipoDeComprobante)) {
    const conceptos = roundTo(sum(cfdi.conceptos.map((c) => d(c.importe))), places, 'half-up');
    if (!equals(subTotal, conceptos)) expected('CFDI40108', conceptos, subTotal);
  }
  if (cfdi.descuento && compare(d(cfdi.descuento), subTotal) > 0)
    throw new SatRejection('CFDI40110');
}

interface TaxGroup {
  base: Decimal;
  importe?: Decimal;
}

function rateKey(tax: CfdiTax): string {
  const rate =
    tax.tasaOCuota === undefined ? '' : formatDecimal(roundTo(d(tax.tasaOCuota), 6, 'half-up'));
  return `${tax.impuesto}|${tax.tipoFactor ?? ''}|${rate}`;
}

function groupTaxes(taxes: CfdiTax[], key: (tax: CfdiTax) => string): Map<string, TaxGroup> {
  const groups = new Map<string, TaxGroup>();
  for (const tax of taxes) {
    const group = groups.get(key(tax)) ?? { base: ZERO };
    group.base = add(group.base, d(tax.base ?? '0'));
    if (tax.importe !== undefined) group.importe = add(group.importe ?? ZERO, d(tax.importe));
    groups.set(key(tax), group);
  }
  return groups;
}

/** Each Comprobante-level tax equals the rounded sum of the concepts' taxes of its kind and rate. */
function checkImpuestos(cfdi: Cfdi, places: number): void {
  const round = (x: Decimal) => roundTo(x, places, 'half-up');
  const fromConceptos = groupTaxes(
    cfdi.conceptos.flatMap((c) => c.traslados),
    rateKey,
  );
  const declared = groupTaxes(cfdi.impuestos?.traslados ?? [], rateKey);
  for (const key of new Set([...fromConceptos.keys(), ...declared.keys()])) {
    const mine = fromConceptos.get(key) ?? { base: ZERO };
    const theirs = declared.get(key) ?? { base: ZERO };
    const where = `Traslado ${key.replaceAll('|', ' ')}: `;
    if (!equals(theirs.base, round(mine.base)))
      expected('CFDI40215', round(mine.base), theirs.base, where);
    if (!equals(theirs.importe ?? ZERO, round(mine.importe ?? ZERO)))
      expected('CFDI40221', round(mine.importe ?? ZERO), theirs.importe ?? ZERO, where);
  }
  const retenidas = groupTaxes(
    cfdi.conceptos.flatMap((c) => c.retenciones),
    (tax) => tax.impuesto,
  );
  const retenciones = groupTaxes(cfdi.impuestos?.retenciones ?? [], (tax) => tax.impuesto);
  for (const impuesto of new Set([...retenidas.keys(), ...retenciones.keys()])) {
    const mine = round(retenidas.get(impuesto)?.importe ?? ZERO);
    const theirs = retenciones.get(impuesto)?.importe ?? ZERO;
    if (!equals(theirs, mine)) expected('CFDI40211', mine, theirs, `Retención ${impuesto}: `);
  }
  const totalOf = (taxes: CfdiTax[]) => sum(taxes.map((t) => d(t.importe ?? '0')));
  const trasladados = totalOf(cfdi.impuestos?.traslados ?? []);
  const declaredTrasladados = d(cfdi.impuestos?.totalTrasladados ?? '0');
  if (!equals(declaredTrasladados, trasladados))
    expected('CFDI40205', trasladados, declaredTrasladados);
  const retenidos = totalOf(cfdi.impuestos?.retenciones ?? []);
  const declaredRetenidos = d(cfdi.impuestos?.totalRetenidos ?? '0');
  if (!equals(declaredRetenidos, retenidos)) expected('CFDI40203', retenidos, declaredRetenidos);
}

function checkTotal(cfdi: Cfdi): void {
  const afterDiscount = subtract(d(cfdi.subTotal), d(cfdi.descuento ?? '0'));
  const total = subtract(
    add(afterDiscount, d(cfdi.impuestos?.totalTrasladados ?? '0')),
    d(cfdi.impuestos?.totalRetenidos ?? '0'),
  );
  if (!equals(d(cfdi.total), total)) expected('CFDI40119', total, d(cfdi.total));
}
