import { buildComprobante } from './build-comprobante.ts';
import { CfdiError } from './cfdi-error.ts';
import { DEMO_SCHOOL, GUARDIAN, SCENARIOS, STUDENT } from './cfdi-fixtures.ts';
import type { InvoiceInput } from './invoice-input.ts';

const tuitionOnly = SCENARIOS['colegiatura sola'];
const build = (input: InvoiceInput) => buildComprobante(input).comprobante;
const withLines = (lines: InvoiceInput['lines'], extra: Partial<InvoiceInput> = {}) =>
  build({ ...tuitionOnly, lines, ...extra });

function expectCfdiError(run: () => unknown, code: string, message: RegExp) {
  expect(run).toThrow(CfdiError);
  try {
    run();
  } catch (error) {
    expect(error).toMatchObject({ code, message: expect.stringMatching(message) });
  }
}

describe('buildComprobante', () => {
  it('an exempt colegiatura: ObjetoImp 02, IVA Exento without rate or amount, IEDU complement', () => {
    const c = build(tuitionOnly);
    expect(c).toMatchObject({
      Version: '4.0',
      Serie: 'COL',
      Folio: '1001',
      Fecha: '2026-03-05T11:21:30',
      FormaPago: '03',
      SubTotal: '4850.00',
      Moneda: 'MXN',
      Total: '4850.00',
      TipoDeComprobante: 'I',
      Exportacion: '01',
      MetodoPago: 'PUE',
      LugarExpedicion: DEMO_SCHOOL.postalCode,
      Receptor: { Rfc: GUARDIAN.rfc, UsoCFDI: 'D10', RegimenFiscalReceptor: '605' },
    });
    expect(c.Conceptos).toEqual([
      {
        ClaveProdServ: '86121500',
        Cantidad: '1',
        ClaveUnidad: 'E48',
        Unidad: 'Servicio',
        Descripcion: 'Colegiatura marzo 2026 - Primaria 3° A',
        ValorUnitario: '4850.00',
        Importe: '4850.00',
        ObjetoImp: '02',
        Traslados: [{ Base: '4850.00', Impuesto: '002', TipoFactor: 'Exento' }],
        instEducativas: {
          version: '1.0',
          nombreAlumno: 'Ana Sofía Ortega Núñez',
          CURP: STUDENT.curp,
          nivelEducativo: 'Primaria',
          autRVOE: DEMO_SCHOOL.rvoe.elementary,
        },
      },
    ]);
    // Only exempt traslados: the summary keeps the base but no TotalImpuestosTrasladados.
    expect(c.Impuestos).toEqual({
      Traslados: [{ Base: '4850.00', Impuesto: '002', TipoFactor: 'Exento' }],
    });
  });

  it('taxed goods: IVA 16 % out of the price, summarised with the exempt base', () => {
    const c = build(SCENARIOS['colegiatura y uniforme']);
    expect(c.Conceptos[1]).toMatchObject({
      ClaveProdServ: '53102705',
      ClaveUnidad: 'H87',
      Cantidad: '3',
      ValorUnitario: '287.356667',
      Importe: '862.07',
      Traslados: [
        {
          Base: '862.07',
          Impuesto: '002',
          TipoFactor: 'Tasa',
          TasaOCuota: '0.160000',
          Importe: '137.93',
        },
      ],
    });
    expect(c.Conceptos[1]?.instEducativas).toBeUndefined();
    expect(c).toMatchObject({ SubTotal: '5712.07', Total: '5850.00' });
    expect(c.Impuestos).toEqual({
      TotalImpuestosTrasladados: '137.93',
      Traslados: [
        { Base: '4850.00', Impuesto: '002', TipoFactor: 'Exento' },
        {
          Base: '862.07',
          Impuesto: '002',
          TipoFactor: 'Tasa',
          TasaOCuota: '0.160000',
          Importe: '137.93',
        },
      ],
    });
  });

  it('names the payer in rfcPago when it is not the billing guardian; inscripción has no IEDU', () => {
    const c = build(SCENARIOS['paga alguien distinto al tutor de facturación']);
    expect(c.Conceptos[0]?.instEducativas?.rfcPago).toBe('SORC591116FJ6');
    expect(c.Conceptos[1]).toMatchObject({
      Descripcion: 'Inscripción ciclo 2026-2027',
      Traslados: [{ TipoFactor: 'Exento' }],
    });
    expect(c.Conceptos[1]?.instEducativas).toBeUndefined();
    // Paid by the billing guardian: no rfcPago.
    expect(build(tuitionOnly).Conceptos[0]?.instEducativas?.rfcPago).toBeUndefined();
    // Someone else paid an invoice made out to the guardian.
    const paidByOther = build({
      ...tuitionOnly,
      payment: { ...tuitionOnly.payment, payerRfc: 'SORC591116FJ6' },
    });
    expect(paidByOther.Conceptos[0]?.instEducativas?.rfcPago).toBe('SORC591116FJ6');
  });

  it('público en general without a name: XAXX010101000, 616, S01, CP of issue, InformacionGlobal', () => {
    const c = build(SCENARIOS['público en general']);
    expect(c.Receptor).toEqual({
      Rfc: 'XAXX010101000',
      Nombre: 'PUBLICO EN GENERAL',
      DomicilioFiscalReceptor: DEMO_SCHOOL.postalCode,
      RegimenFiscalReceptor: '616',
      UsoCFDI: 'S01',
    });
    expect(c.InformacionGlobal).toEqual({ Periodicidad: '01', Meses: '03', Año: '2026' });
    expect(c.FormaPago).toBe('01');
  });

  it('público en general for a named family with a wrong RFC: nominative, no InformacionGlobal', () => {
    const c = build({ ...tuitionOnly, receptor: { ...GUARDIAN, rfc: 'COSC8013' } });
    expect(c.Receptor).toEqual({
      Rfc: 'XAXX010101000',
      Nombre: GUARDIAN.name,
      DomicilioFiscalReceptor: DEMO_SCHOOL.postalCode,
      RegimenFiscalReceptor: '616',
      UsoCFDI: 'S01',
    });
    expect(c.InformacionGlobal).toBeUndefined();
    // The IEDU data still describes the service.
    expect(c.Conceptos[0]?.instEducativas?.nivelEducativo).toBe('Primaria');
  });

  it('a level without RVOE is not exempt teaching: IVA 16 %, no IEDU', () => {
    const c = build({ ...tuitionOnly, issuer: { ...DEMO_SCHOOL, rvoe: {} } });
    expect(c.Conceptos[0]).toMatchObject({
      Importe: '4181.03',
      Traslados: [{ TipoFactor: 'Tasa', Importe: '668.97' }],
    });
    expect(c.Conceptos[0]?.instEducativas).toBeUndefined();
    expect(c.Receptor.UsoCFDI).toBe('S01');
  });

  it('university tuition with RVOE: exempt, key 86121700, no IEDU (SAT has no level for it)', () => {
    const c = withLines([{ ...tuitionOnly.lines[0], student: { ...STUDENT, level: 'high' } }], {
      issuer: { ...DEMO_SCHOOL, rvoe: { high: 'RVOE-SUP-2018-44' } },
    });
    expect(c.Conceptos[0]).toMatchObject({
      ClaveProdServ: '86121700',
      Traslados: [{ TipoFactor: 'Exento' }],
    });
    expect(c.Conceptos[0]?.instEducativas).toBeUndefined();
    expect(c.Receptor.UsoCFDI).toBe('S01');
  });

  it('bachillerato prints SAT enumeration text exactly', () => {
    const c = withLines([
      { ...tuitionOnly.lines[0], student: { ...STUDENT, level: 'middle-high' } },
    ]);
    expect(c.Conceptos[0]).toMatchObject({
      ClaveProdServ: '86121600',
      instEducativas: { nivelEducativo: 'Bachillerato o su equivalente', autRVOE: 'BACH-2020-117' },
    });
  });

  it('a donation is not object of IVA: ObjetoImp 01, no taxes anywhere', () => {
    const c = withLines([
      { description: 'Donativo', conceptType: 'DONATION', amountCentavos: 500_00 },
    ]);
    expect(c.Conceptos[0]).toMatchObject({ ObjetoImp: '01', Importe: '500.00' });
    expect(c.Conceptos[0]?.Traslados).toBeUndefined();
    expect(c.Impuestos).toBeUndefined();
    expect(c.Total).toBe('500.00');
  });

  it('keeps descriptions to what SAT admits: no "|", whitespace collapsed', () => {
    const c = withLines([
      {
        description: 'Libro |  inglés\n3',
        conceptType: 'BOOKS_AND_MATERIALS',
        amountCentavos: 100,
      },
    ]);
    expect(c.Conceptos[0]?.Descripcion).toBe('Libro / inglés 3');
  });

  it('refuses, in Spanish, what would make a wrong invoice', () => {
    expectCfdiError(
      () => withLines([{ ...tuitionOnly.lines[0], student: { ...STUDENT, curp: 'NOCURP' } }]),
      'CURP_ALUMNO_INVALIDA',
      /La CURP de Ana Sofía Ortega Núñez \(NOCURP\) no es válida/,
    );
    expectCfdiError(
      () => withLines([{ ...tuitionOnly.lines[0], student: undefined }]),
      'DATOS_INVALIDOS',
      /necesita los datos del alumno/,
    );
    expectCfdiError(
      () => build({ ...tuitionOnly, payment: { method: 'cash', paidAt: new Date('2026-03-06') } }),
      'PAGO_POSTERIOR_A_LA_FACTURA',
      /la fecha del pago no puede ser posterior/,
    );
    expectCfdiError(
      () => build({ ...tuitionOnly, issuer: { ...DEMO_SCHOOL, rfc: 'XAXX010101000' } }),
      'DATOS_INVALIDOS',
      /El RFC de la escuela/,
    );
    expectCfdiError(() => withLines([]), 'DATOS_INVALIDOS', /al menos un concepto/);
    expectCfdiError(
      () => withLines([{ ...tuitionOnly.lines[0], amountCentavos: 0 }]),
      'DATOS_INVALIDOS',
      /^lines\.0\.amountCentavos: El importe de un concepto debe ser mayor a cero\.$/,
    );
  });
});
