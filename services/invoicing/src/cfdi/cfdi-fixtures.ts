/**
 * A demo school and the invoices it issues most, for the tests and the benchmark, plus a
 * stand-in for the PAC's stamp (a TimbreFiscalDigital sealed with a demo "SAT" key) so the
 * representación impresa can be rendered without a PAC.
 */
import { randomUUID, sign } from 'node:crypto';
import { cadenaOriginalTimbre } from './cadena-original.ts';
import { formatCfdiDate } from './cfdi-date.ts';
import type { Comprobante, TimbreFiscalDigital } from './comprobante.ts';
import { loadCsd, type Csd } from './csd.ts';
import { generateDemoCsd } from './demo-csd.ts';
import type { GlobalInvoiceInput } from './global-invoice-input.ts';
import type { InvoiceInput } from './invoice-input.ts';

export const DEMO_SCHOOL = {
  rfc: 'EKU9003173C9',
  legalName: 'ESCUELA KEMPER URGATE',
  regimenFiscal: '603',
  postalCode: '42501',
  rvoe: {
    'pre-school': 'PRE-09PJN0001A',
    elementary: '09PPR0001A',
    middle: 'ES-458/2019',
    'middle-high': 'BACH-2020-117',
  },
} as const satisfies InvoiceInput['issuer'];

/** A salaried parent (605) with complete fiscal data. */
export const GUARDIAN = {
  rfc: 'COSC8001137NA',
  name: 'CARLOS ORTEGA SALAZAR',
  postalCode: '06600',
  regimenFiscal: '605',
} as const;

/** Another family member who sometimes pays, with business activity (612). */
export const OTHER_PAYER = {
  rfc: 'SORC591116FJ6',
  name: 'ROSA SOLIS CARRANZA',
  postalCode: '44100',
  regimenFiscal: '612',
} as const;

export const STUDENT = {
  fullName: 'Ana Sofía Ortega Núñez',
  curp: 'OENA160315MDFRXNA3',
  level: 'elementary',
  billingGuardianRfc: GUARDIAN.rfc,
} as const;

const paidAt = new Date('2026-03-05T17:20:00Z');
const issuedAt = new Date('2026-03-05T17:21:30Z');

const base = {
  issuer: DEMO_SCHOOL,
  series: 'COL',
  issuedAt,
} satisfies Partial<InvoiceInput>;

const colegiatura = {
  description: 'Colegiatura marzo 2026 - Primaria 3° A',
  conceptType: 'MONTHLY_FEE',
  amountCentavos: 4_850_00,
  student: STUDENT,
} as const;

/** The invoices the issue names, with the payment (or refund) each stands for. */
export const SCENARIOS = {
  'colegiatura sola': {
    ...base,
    folio: '1001',
    receptor: GUARDIAN,
    payment: { method: 'transfer', paidAt },
    lines: [colegiatura],
  },
  'colegiatura y uniforme': {
    ...base,
    folio: '1002',
    receptor: GUARDIAN,
    payment: { method: 'credit_card', paidAt },
    lines: [
      colegiatura,
      {
        description: 'Playera deportiva talla 10 "Kemper" & short',
        conceptType: 'UNIFORMS_AND_MERCH',
        quantity: 3,
        amountCentavos: 1_000_00,
      },
    ],
  },
  'paga alguien distinto al tutor de facturación': {
    ...base,
    folio: '1003',
    receptor: OTHER_PAYER,
    payment: { method: 'debit_card', paidAt },
    lines: [
      colegiatura,
      {
        description: 'Inscripción ciclo 2026-2027',
        conceptType: 'INSCRIPTION',
        amountCentavos: 3_200_00,
        student: STUDENT,
      },
    ],
  },
  'público en general': {
    ...base,
    folio: '1004',
    receptor: null,
    payment: { method: 'cash', paidAt },
    lines: [
      colegiatura,
      {
        description: 'Libro de inglés 3',
        conceptType: 'BOOKS_AND_MATERIALS',
        amountCentavos: 699_99,
      },
    ],
  },
  'nota de crédito (reembolso parcial)': {
    ...base,
    folio: '1005',
    receptor: GUARDIAN,
    payment: { method: 'credit_card', paidAt },
    creditNoteFor: '6F1C1F1E-3B9A-4C55-9D1A-0D6B1C2E3F40',
    lines: [
      {
        ...colegiatura,
        description: 'Devolución: Colegiatura marzo 2026',
        amountCentavos: 1_000_00,
      },
      {
        description: 'Devolución: Playera deportiva',
        conceptType: 'UNIFORMS_AND_MERCH',
        amountCentavos: 350_00,
      },
    ],
  },
  'sustitución (relación 04)': {
    ...base,
    folio: '1006',
    receptor: GUARDIAN,
    payment: { method: 'transfer', paidAt },
    substitutes: '6F1C1F1E-3B9A-4C55-9D1A-0D6B1C2E3F40',
    lines: [colegiatura],
  },
} as const satisfies Record<string, InvoiceInput>;

export const DEMO_CSD_PASSWORD = '12345678a';

/** The demo school's CSD, valid from a year before the scenarios' dates. */
export function demoSchoolCsd(): Csd {
  const files = generateDemoCsd({
    rfc: DEMO_SCHOOL.rfc,
    legalName: DEMO_SCHOOL.legalName,
    password: DEMO_CSD_PASSWORD,
    validFrom: new Date('2025-03-01T00:00:00Z'),
  });
  return loadCsd({ ...files, password: DEMO_CSD_PASSWORD });
}

/** The certificate a demo PAC stamps with, standing for SAT's. */
export function demoSatCsd(): Csd {
  const files = generateDemoCsd({
    rfc: 'SAT970701NN3',
    legalName: 'SERVICIO DE ADMINISTRACION TRIBUTARIA',
    password: DEMO_CSD_PASSWORD,
    validFrom: new Date('2025-01-01T00:00:00Z'),
    noCertificado: '30001000000500003456',
  });
  return loadCsd({ ...files, password: DEMO_CSD_PASSWORD });
}

/** What a PAC adds to a sealed Comprobante: UUID, time and SAT's seal over the TFD cadena. */
export function stampLikeAPac(
  comprobante: Comprobante,
  satCsd: Csd,
  stampedAt: Date,
): TimbreFiscalDigital {
  const unsigned = {
    Version: '1.1',
    UUID: randomUUID().toUpperCase(),
    FechaTimbrado: formatCfdiDate(stampedAt, 'America/Mexico_City'),
    RfcProvCertif: 'SPR190613I52',
    SelloCFD: comprobante.Sello ?? '',
    NoCertificadoSAT: satCsd.noCertificado,
  } as const;
  const selloSat = sign(
    'sha256',
    Buffer.from(cadenaOriginalTimbre({ ...unsigned, SelloSAT: '' }), 'utf8'),
    satCsd.privateKey,
  );
  return { ...unsigned, SelloSAT: selloSat.toString('base64') };
}

/**
 * March 2026's payments of families without fiscal data, `payments` of them: colegiaturas
 * (exempt), some with a book (IVA 16 %), one in ten a donation alone (no objeto), methods
 * and amounts varied — the demo school's monthly global invoice, issued on April 1st.
 */
export function globalMonthInput(payments: number): GlobalInvoiceInput {
  const methods = ['cash', 'transfer', 'credit_card', 'debit_card'] as const;
  const tickets = Array.from({ length: payments }, (_, i) => ({
    id: `PAGO-${String(i + 1).padStart(6, '0')}`,
    // Spread over the month in local time (Mexico City is UTC−6).
    paidAt: new Date(Date.UTC(2026, 2, 1 + (i % 31), 15, i % 60)),
    method: methods[i % methods.length]!,
    lines:
      i % 10 === 9
        ? [{ description: 'Donativo', conceptType: 'DONATION', amountCentavos: 500_00 } as const]
        : [
            { ...colegiatura, amountCentavos: 4_000_00 + ((i * 7919) % 150_000) },
            ...(i % 3 === 0
              ? [
                  {
                    description: 'Libro de inglés 3',
                    conceptType: 'BOOKS_AND_MATERIALS',
                    amountCentavos: 699_99 + (i % 97),
                  } as const,
                ]
              : []),
          ],
  }));
  return {
    issuer: DEMO_SCHOOL,
    periodicity: 'monthly',
    day: '2026-03-01',
    series: 'GLB',
    folio: '202603',
    issuedAt: new Date('2026-04-01T15:00:00Z'),
    tickets,
  };
}
