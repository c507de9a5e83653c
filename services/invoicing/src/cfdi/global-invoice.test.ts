/**
 * The global invoice (público en general) checked with SAT's own files: the XML validates
 * against cfdv40.xsd (xmllint), its cadena original is what SAT's XSLT computes (xsltproc)
 * and the Sello verifies over that cadena (openssl). Then its arithmetic and its refusals.
 */
import fc from 'fast-check';
import { parseCentavos } from './cfdi-amounts.ts';
import { CfdiError } from './cfdi-error.ts';
import { demoSchoolCsd, globalMonthInput } from './cfdi-fixtures.ts';
import { buildGlobalComprobante } from './build-global-comprobante.ts';
import { issueGlobalCfdi } from './issue-cfdi.ts';
import { satWorkspace, type SatWorkspace } from './sat-tools.ts';

let sat: SatWorkspace;
const csd = demoSchoolCsd();

beforeAll(async () => {
  sat = await satWorkspace('cfdi-global-');
});
afterAll(() => sat.remove());

describe('a month of payments without fiscal data in one global CFDI', () => {
  const input = globalMonthInput(40);
  const issued = issueGlobalCfdi(input, csd);
  const c = issued.comprobante;

  it('validates with SAT XSD, its cadena is SAT XSLT’s and the seal verifies', async () => {
    const verdict = await sat.verdict(issued.xml, c);
    expect(verdict.validates).toBe(true);
    expect(issued.cadenaOriginal).toBe(verdict.satCadena);
    expect(verdict.seal).toBe('Verified OK');
  });

  it('is made out to PUBLICO EN GENERAL with InformacionGlobal of March 2026', () => {
    expect(c.InformacionGlobal).toEqual({ Periodicidad: '04', Meses: '03', Año: '2026' });
    expect(c.Receptor).toEqual({
      Rfc: 'XAXX010101000',
      Nombre: 'PUBLICO EN GENERAL',
      DomicilioFiscalReceptor: input.issuer.postalCode,
      RegimenFiscalReceptor: '616',
      UsoCFDI: 'S01',
    });
    expect(c.MetodoPago).toBe('PUE');
    expect(issued.xml).toContain(
      '<cfdi:InformacionGlobal Periodicidad="04" Meses="03" Año="2026"/>',
    );
  });

  it('has one concept per payment and tax treatment, named by the payment, without IEDU', () => {
    const ids = new Set(c.Conceptos.map((k) => k.NoIdentificacion));
    expect(ids.size).toBe(40);
    // Payments 1, 4, 7 … carry a book (16 %) beside the exempt colegiatura.
    const first = c.Conceptos.filter((k) => k.NoIdentificacion === 'PAGO-000001');
    expect(first.map((k) => k.Traslados?.[0]?.TipoFactor)).toEqual(['Exento', 'Tasa']);
    // Payment 10 is a donation alone: no objeto de impuesto, no tax node.
    const donation = c.Conceptos.find((k) => k.NoIdentificacion === 'PAGO-000010');
    expect(donation).toMatchObject({ ObjetoImp: '01', ClaveProdServ: '01010101' });
    expect(donation?.Traslados).toBeUndefined();
    for (const k of c.Conceptos) {
      expect(k).toMatchObject({ ClaveUnidad: 'ACT', Descripcion: 'Venta', Cantidad: '1' });
      expect(k.instEducativas).toBeUndefined();
    }
  });
});

describe('any set of payments', () => {
  const methods = ['cash', 'transfer', 'credit_card', 'debit_card'] as const;
  const payments = fc.array(
    fc.record({
      amounts: fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 3 }),
      method: fc.constantFrom(...methods),
      day: fc.integer({ min: 1, max: 31 }),
    }),
    { minLength: 1, maxLength: 30 },
  );

  it('totals: what families paid, to the centavo; FormaPago of the biggest method', () => {
    fc.assert(
      fc.property(payments, (drawn) => {
        const base = globalMonthInput(drawn.length);
        const tickets = base.tickets.map((ticket, i) => {
          const { amounts, method, day } = drawn[i]!;
          return {
            ...ticket,
            method,
            paidAt: new Date(Date.UTC(2026, 2, day, 18)),
            lines: amounts.map((amountCentavos, n) => ({
              ...ticket.lines[n % ticket.lines.length]!,
              amountCentavos,
            })),
          };
        });
        const { comprobante: c } = buildGlobalComprobante({ ...base, tickets });
        const paid = tickets.flatMap((t) => t.lines).reduce((s, l) => s + l.amountCentavos, 0);
        const importes = c.Conceptos.reduce((s, k) => s + parseCentavos(k.Importe), 0);
        const iva = parseCentavos(c.Impuestos?.TotalImpuestosTrasladados ?? '0');
        expect(parseCentavos(c.Total)).toBe(paid);
        expect(parseCentavos(c.SubTotal)).toBe(importes);
        expect(importes + iva).toBe(paid);
        const byMethod = new Map<string, number>();
        for (const t of tickets)
          byMethod.set(
            t.method,
            (byMethod.get(t.method) ?? 0) + t.lines.reduce((s, l) => s + l.amountCentavos, 0),
          );
        const top = Math.max(...byMethod.values());
        const forma = { cash: '01', transfer: '03', credit_card: '04', debit_card: '28' };
        expect(
          [...byMethod].filter(([, v]) => v === top).map(([m]) => forma[m as 'cash']),
        ).toContain(c.FormaPago);
      }),
      { numRuns: 200 },
    );
  });
});

describe('refusals', () => {
  const expectRefusal = (input: Parameters<typeof buildGlobalComprobante>[0], text: string) => {
    expect(() => buildGlobalComprobante(input)).toThrow(CfdiError);
    expect(() => buildGlobalComprobante(input)).toThrow(text);
  };

  it('a period not yet closed', () => {
    expectRefusal(
      { ...globalMonthInput(2), issuedAt: new Date('2026-03-31T20:00:00Z') },
      'se emite cuando el periodo termina',
    );
  });

  it('a payment of another period', () => {
    const input = globalMonthInput(2);
    const [first, second] = input.tickets;
    // 1 April 03:00 UTC is still 31 March in Mexico City: inside; 06:30 UTC is April: out.
    const inside = { ...first!, paidAt: new Date('2026-04-01T03:00:00Z') };
    expect(() => buildGlobalComprobante({ ...input, tickets: [inside] })).not.toThrow();
    const outside = { ...second!, paidAt: new Date('2026-04-01T06:30:00Z') };
    expectRefusal(
      { ...input, tickets: [inside, outside] },
      'no es del periodo 2026-03-01 a 2026-03-31',
    );
  });

  it('no payments', () => {
    expectRefusal({ ...globalMonthInput(1), tickets: [] }, 'al menos un pago');
  });
});
