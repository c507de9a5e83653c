/**
 * PPD invoices and their CFDI de pago (Pagos 2.0), checked like the income CFDI with SAT's
 * own files: xmllint against cfdv40.xsd + Pagos20.xsd, the cadena original equal to what
 * SAT's XSLT computes, the Sello verified with openssl. Then the balances of any sequence of
 * installments, to the centavo.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { nextInstallment } from '../invoices/payment-installments.ts';
import { parseCentavos } from './cfdi-amounts.ts';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  DEMO_SCHOOL,
  GUARDIAN,
  STUDENT,
  demoSatCsd,
  demoSchoolCsd,
  stampLikeAPac,
} from './cfdi-fixtures.ts';
import { renderCfdiPdf } from './cfdi-pdf.ts';
import { comprobanteToXml } from './comprobante-xml.ts';
import { parseStampedCfdi } from './stamped-cfdi.ts';
import type { Comprobante } from './comprobante.ts';
import type { PaidDocument, PaymentComplementInput } from './build-payment-comprobante.ts';
import type { InvoiceInput } from './invoice-input.ts';
import { issueCfdi, issuePaymentCfdi } from './issue-cfdi.ts';
import { satWorkspace, type SatWorkspace } from './sat-tools.ts';

let sat: SatWorkspace;
const csd = demoSchoolCsd();

beforeAll(async () => {
  sat = await satWorkspace('cfdi-pagos-');
});
afterAll(() => sat.remove());

async function expectSatConformant(issued: { xml: string; comprobante: Comprobante }) {
  const { file, validates, satCadena, seal } = await sat.verdict(issued.xml, issued.comprobante);
  if (validates !== true) throw new Error(`xmllint rechazó ${file}:\n${validates}`);
  expect(seal).toBe('Verified OK');
  return satCadena;
}

const billedAt = new Date('2026-03-01T12:00:00Z');
/** A colegiatura (exempt, IEDU) and a uniform (16 %), billed on the 1st, paid later. */
const ppdInvoice = {
  issuer: DEMO_SCHOOL,
  receptor: GUARDIAN,
  series: 'COL',
  folio: '2001',
  issuedAt: billedAt,
  payment: { method: 'transfer', paidAt: billedAt },
  deferred: true,
  lines: [
    {
      description: 'Colegiatura marzo 2026',
      conceptType: 'MONTHLY_FEE',
      amountCentavos: 4_850_00,
      student: STUDENT,
    },
    { description: 'Uniforme', conceptType: 'UNIFORMS_AND_MERCH', amountCentavos: 1_160_00 },
  ],
} as const satisfies InvoiceInput;
const PPD_UUID = '5D2A3C4B-1E2F-4A5B-8C7D-9E0F1A2B3C4D';

function paidDocument(ppd: Comprobante, previousPaid: number[], paying: number): PaidDocument {
  const total = parseCentavos(ppd.Total);
  const next = nextInstallment(total, previousPaid, paying)!;
  return {
    uuid: PPD_UUID,
    series: ppd.Serie,
    folio: ppd.Folio,
    totalCentavos: total,
    traslados: ppd.Impuestos?.Traslados ?? [],
    ...next,
  };
}

function complement(ppd: Comprobante, folio: number, doc: PaidDocument): PaymentComplementInput {
  const paidAt = new Date(Date.UTC(2026, 2, 5 + folio, 17, 0));
  return {
    issuer: DEMO_SCHOOL,
    receptor: ppd.Receptor,
    series: 'P',
    folio: String(folio),
    issuedAt: new Date(paidAt.getTime() + 60_000),
    payment: { method: 'transfer', paidAt },
    documents: [doc],
  };
}

describe('a PPD invoice', () => {
  it('says PPD and forma 99, passes SAT XSD, cadena = SAT XSLT, the seal verifies', async () => {
    const issued = issueCfdi(ppdInvoice, csd);
    expect(issued.comprobante).toMatchObject({ MetodoPago: 'PPD', FormaPago: '99' });
    expect(issued.comprobante.Receptor.UsoCFDI).toBe('D10');
    expect(await expectSatConformant(issued)).toBe(issued.cadenaOriginal);
  });
});

describe('its CFDI de pago (Pagos 2.0)', () => {
  const ppd = issueCfdi(ppdInvoice, csd).comprobante;

  it('one installment pays it whole: parcialidad 1, saldo anterior = total, insoluto 0', async () => {
    const issued = issuePaymentCfdi(complement(ppd, 1, paidDocument(ppd, [], 6_010_00)), csd);
    const c = issued.comprobante;
    expect(c).toMatchObject({ TipoDeComprobante: 'P', Moneda: 'XXX', SubTotal: '0', Total: '0' });
    expect(c.Receptor.UsoCFDI).toBe('CP01');
    expect(c.Pagos!.Pago[0]!.DoctoRelacionado[0]).toMatchObject({
      IdDocumento: PPD_UUID,
      NumParcialidad: '1',
      ImpSaldoAnt: '6010.00',
      ImpPagado: '6010.00',
      ImpSaldoInsoluto: '0.00',
      ObjetoImpDR: '02',
      TrasladosDR: [
        { BaseDR: '4850.00', ImpuestoDR: '002', TipoFactorDR: 'Exento' },
        {
          BaseDR: '1000.00',
          ImpuestoDR: '002',
          TipoFactorDR: 'Tasa',
          TasaOCuotaDR: '0.160000',
          ImporteDR: '160.00',
        },
      ],
    });
    expect(c.Pagos!.Totales).toEqual({
      TotalTrasladosBaseIVA16: '1000.00',
      TotalTrasladosImpuestoIVA16: '160.00',
      TotalTrasladosBaseIVAExento: '4850.00',
      MontoTotalPagos: '6010.00',
    });
    expect(await expectSatConformant(issued)).toBe(issued.cadenaOriginal);
  });

  it('three installments number 1, 2, 3 and carry the balance from one to the next', async () => {
    const payments = [2_000_00, 2_500_00, 1_510_00];
    const previous: number[] = [];
    const doctos = [];
    for (const [i, paying] of payments.entries()) {
      const issued = issuePaymentCfdi(
        complement(ppd, i + 2, paidDocument(ppd, previous, paying)),
        csd,
      );
      expect(await expectSatConformant(issued)).toBe(issued.cadenaOriginal);
      doctos.push(issued.comprobante.Pagos!.Pago[0]!.DoctoRelacionado[0]!);
      previous.push(paying);
    }
    expect(
      doctos.map((d) => [d.NumParcialidad, d.ImpSaldoAnt, d.ImpPagado, d.ImpSaldoInsoluto]),
    ).toEqual([
      ['1', '6010.00', '2000.00', '4010.00'],
      ['2', '4010.00', '2500.00', '1510.00'],
      ['3', '1510.00', '1510.00', '0.00'],
    ]);
  });
});

describe('one CFDI de pago for several PPD invoices of the same receptor', () => {
  const first = issueCfdi(ppdInvoice, csd).comprobante;
  const second = issueCfdi(
    { ...ppdInvoice, folio: '2002', lines: [ppdInvoice.lines[0]] },
    csd,
  ).comprobante;
  const SECOND_UUID = '7A1B2C3D-4E5F-4A6B-9C8D-0E1F2A3B4C5D';

  it('one DoctoRelacionado each, its own parcialidad and balances; Monto and totals add up', async () => {
    const input = complement(first, 9, paidDocument(first, [2_000_00], 4_010_00));
    const issued = issuePaymentCfdi(
      {
        ...input,
        documents: [
          ...input.documents,
          { ...paidDocument(second, [], 1_000_00), uuid: SECOND_UUID },
        ],
      },
      csd,
    );
    expect(await expectSatConformant(issued)).toBe(issued.cadenaOriginal);
    const [pago] = issued.comprobante.Pagos!.Pago;
    expect(
      pago!.DoctoRelacionado.map((d) => [
        d.IdDocumento,
        d.Folio,
        d.NumParcialidad,
        d.ImpSaldoAnt,
        d.ImpPagado,
        d.ImpSaldoInsoluto,
      ]),
    ).toEqual([
      [PPD_UUID, '2001', '2', '4010.00', '4010.00', '0.00'],
      [SECOND_UUID, '2002', '1', '4850.00', '1000.00', '3850.00'],
    ]);
    expect(pago!.Monto).toBe('5010.00');
    const totales = issued.comprobante.Pagos!.Totales;
    expect(totales.MontoTotalPagos).toBe('5010.00');
    // Each document's taxes are its own share; the totals are their sums.
    const exento = pago!.DoctoRelacionado.flatMap((d) => d.TrasladosDR ?? [])
      .filter((t) => t.TipoFactorDR === 'Exento')
      .reduce((sum, t) => sum + parseCentavos(t.BaseDR), 0);
    expect(parseCentavos(totales.TotalTrasladosBaseIVAExento!)).toBe(exento);
  });
});

describe('a credit note of a PPD invoice', () => {
  it('E, related 01, PUE and forma 17 (set off against the balance); SAT’s files accept it', async () => {
    const issued = issueCfdi(
      {
        ...ppdInvoice,
        folio: '2003',
        deferred: false,
        againstBalance: true,
        creditNoteFor: PPD_UUID,
        lines: [
          {
            ...ppdInvoice.lines[0],
            description: 'Beca: Colegiatura marzo 2026',
            amountCentavos: 970_00,
          },
        ],
      },
      csd,
    );
    expect(issued.comprobante).toMatchObject({
      TipoDeComprobante: 'E',
      MetodoPago: 'PUE',
      FormaPago: '17',
      Total: '970.00',
      CfdiRelacionados: [{ TipoRelacion: '01', UUIDs: [PPD_UUID] }],
    });
    expect(await expectSatConformant(issued)).toBe(issued.cadenaOriginal);
  });
});

describe('the stamped CFDI de pago', () => {
  const ppd = issueCfdi(ppdInvoice, csd).comprobante;
  const issued = issuePaymentCfdi(complement(ppd, 7, paidDocument(ppd, [2_000_00], 1_500_00)), csd);
  const timbre = stampLikeAPac(issued.comprobante, demoSatCsd(), new Date('2026-03-12T18:00:00Z'));
  const xml = comprobanteToXml(issued.comprobante, timbre);

  it('reads back exactly as written, complement included', () => {
    expect(parseStampedCfdi(xml)).toEqual({ comprobante: issued.comprobante, timbre });
  });

  it('prints the payment and the invoice it pays, with installment and balances', async () => {
    const file = path.join(sat.dir, 'complemento.pdf');
    await writeFile(file, await renderCfdiPdf(xml));
    const { stdout } = await promisify(execFile)('pdftotext', [file, '-']);
    const text = stdout.replace(/\s+/g, ' ');
    for (const expected of [
      'COMPLEMENTO DE PAGO',
      'COMPLEMENTO DE PAGO (PAGOS 2.0)',
      'Forma de pago: 03 - Transferencia electrónica de fondos',
      'Monto: $1,500.00 MXN',
      `${PPD_UUID} (COL-2001) · parcialidad 2`,
      'Saldo anterior · pagado · saldo insoluto: $4,010.00 · $1,500.00 · $2,510.00',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('CERO PESOS');
  });
});

describe('any sequence of installments (random totals, taxes and payments)', () => {
  const scenario = fc.record({
    tuition: fc.integer({ min: 0, max: 50_000_000 }),
    taxed: fc.integer({ min: 0, max: 50_000_000 }),
    payments: fc.array(fc.integer({ min: 1, max: 60_000_000 }), { minLength: 1, maxLength: 12 }),
  });

  it('ImpPagado add up with the last ImpSaldoInsoluto to the PPD total; taxes to each payment', () => {
    fc.assert(
      fc.property(
        scenario.filter((s) => s.tuition + s.taxed > 0),
        ({ tuition, taxed, payments }) => {
          const lines = [
            ...(tuition ? [{ ...ppdInvoice.lines[0], amountCentavos: tuition }] : []),
            ...(taxed ? [{ ...ppdInvoice.lines[1], amountCentavos: taxed }] : []),
          ];
          const ppd = issueCfdi({ ...ppdInvoice, lines }, csd).comprobante;
          const total = parseCentavos(ppd.Total);
          const previous: number[] = [];
          let last = total;
          for (const paying of payments) {
            if (!nextInstallment(total, previous, paying)) break;
            const doc = paidDocument(ppd, previous, paying);
            const c = issuePaymentCfdi(complement(ppd, 1, doc), csd).comprobante;
            const d = c.Pagos!.Pago[0]!.DoctoRelacionado[0]!;
            expect(d.NumParcialidad).toBe(String(previous.length + 1));
            expect(parseCentavos(d.ImpSaldoAnt)).toBe(last);
            const paid = parseCentavos(d.ImpPagado);
            expect(parseCentavos(d.ImpSaldoInsoluto)).toBe(last - paid);
            const taxes = (d.TrasladosDR ?? []).reduce(
              (sum, t) => sum + parseCentavos(t.BaseDR) + parseCentavos(t.ImporteDR ?? '0'),
              0,
            );
            expect(taxes).toBe(paid);
            expect(parseCentavos(c.Pagos!.Totales.MontoTotalPagos)).toBe(paid);
            previous.push(paid);
            last -= paid;
          }
          const sum = previous.reduce((a, b) => a + b, 0);
          expect(sum + last).toBe(total);
        },
      ),
      { numRuns: 200 },
    );
  });
});
