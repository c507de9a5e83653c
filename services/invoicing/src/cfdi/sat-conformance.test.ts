/**
 * What the issue demands, checked with SAT's own files through independent tools: every
 * invoice the engine can emit validates against cfdv40.xsd + iedu.xsd (xmllint), its
 * cadena original equals what SAT's XSLT computes (xsltproc), and its Sello verifies with
 * the certificate it carries (openssl).
 */
import fc from 'fast-check';
import { EDUCATION_LEVELS } from '@cuota/contracts/enrolment/entities';
import { parseCentavos } from './cfdi-amounts.ts';
import {
  DEMO_SCHOOL,
  GUARDIAN,
  OTHER_PAYER,
  SCENARIOS,
  STUDENT,
  demoSchoolCsd,
} from './cfdi-fixtures.ts';
import { CONCEPT_TYPES } from '@cuota/contracts/billing/concepts';
import { PAID_METHODS, type InvoiceInput } from './invoice-input.ts';
import { issueCfdi, type IssuedCfdi } from './issue-cfdi.ts';
import { satWorkspace, type SatWorkspace } from './sat-tools.ts';

let sat: SatWorkspace;
const csd = demoSchoolCsd();

beforeAll(async () => {
  sat = await satWorkspace('cfdi-sat-');
});
afterAll(() => sat.remove());

/** SAT's verdict on what the engine issued; a schema refusal fails with xmllint's report. */
async function satVerdict(issued: IssuedCfdi) {
  const verdict = await sat.verdict(issued.xml, issued.comprobante);
  if (verdict.validates !== true)
    throw new Error(`xmllint rechazó ${verdict.file}:\n${verdict.validates}`);
  return verdict;
}

describe.each(Object.entries(SCENARIOS))('%s', (_name, input) => {
  it('validates with SAT XSD, its cadena equals xsltproc with SAT XSLT, and the seal verifies', async () => {
    const issued = issueCfdi(input, csd);
    const { satCadena, seal } = await satVerdict(issued);
    expect(issued.cadenaOriginal).toBe(satCadena);
    expect(seal).toBe('Verified OK');
  });
});

describe('any invoice the engine emits (random lines, amounts, quantities, receptors)', () => {
  const description = fc
    .array(
      fc.constantFrom('a', 'Ñ', 'é', '°', ' ', '&', '<', '>', '"', "'", '|', '\n', '\t', '9', 'Z'),
      {
        minLength: 0,
        maxLength: 40,
      },
    )
    .map((chars) => `Concepto ${chars.join('')}`);
  const student = fc.record({
    fullName: fc.constantFrom(STUDENT.fullName, "José  Ñúñez\tO'Brien & Hijos"),
    curp: fc.constant(STUDENT.curp),
    level: fc.constantFrom(...EDUCATION_LEVELS),
    billingGuardianRfc: fc.constantFrom(GUARDIAN.rfc, OTHER_PAYER.rfc),
  });
  const line = fc.record({
    description,
    conceptType: fc.constantFrom(...CONCEPT_TYPES),
    quantity: fc.integer({ min: 1, max: 250 }),
    amountCentavos: fc.oneof(
      fc.integer({ min: 1, max: 1_000 }),
      fc.integer({ min: 1, max: 100_000_000 }),
      fc.integer({ min: 1, max: 10_000_000_000_000 }),
    ),
    student,
  });
  const receptor = fc.constantFrom<InvoiceInput['receptor']>(
    GUARDIAN,
    OTHER_PAYER,
    { rfc: 'AAA010101AA1', name: 'EMPRESA DEMO', postalCode: '01000', regimenFiscal: '601' },
    { ...GUARDIAN, rfc: 'NO-ES-RFC' },
    null,
  );
  const rvoe = fc
    .subarray([...EDUCATION_LEVELS])
    .map((levels) => Object.fromEntries(levels.map((level) => [level, `RVOE-${level}`])));
  const invoice = fc.record({
    issuer: rvoe.map((r) => ({ ...DEMO_SCHOOL, rvoe: r })),
    receptor,
    payment: fc.record({
      method: fc.constantFrom(...PAID_METHODS),
      paidAt: fc.constant(new Date('2026-03-05T17:20:00Z')),
    }),
    folio: fc.integer({ min: 1, max: 999_999 }).map(String),
    issuedAt: fc.constant(new Date('2026-03-05T17:21:30Z')),
    lines: fc.array(line, { minLength: 1, maxLength: 6 }),
  }) satisfies fc.Arbitrary<InvoiceInput>;

  it('totals are the sums of the lines, base + IVA is what was paid, nothing is negative', () => {
    fc.assert(
      fc.property(invoice, (input) => {
        const { comprobante: c } = issueCfdi(input, csd);
        const paid = input.lines.reduce((sum, l) => sum + l.amountCentavos, 0);
        const importes = c.Conceptos.map((k) => parseCentavos(k.Importe));
        const taxes = c.Conceptos.flatMap((k) => k.Traslados ?? []).map((t) =>
          t.Importe ? parseCentavos(t.Importe) : 0,
        );
        const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
        expect(parseCentavos(c.Total)).toBe(paid);
        expect(parseCentavos(c.SubTotal)).toBe(sum(importes));
        expect(parseCentavos(c.Total)).toBe(
          sum(importes) + parseCentavos(c.Impuestos?.TotalImpuestosTrasladados ?? '0'),
        );
        expect(sum(taxes)).toBe(parseCentavos(c.Impuestos?.TotalImpuestosTrasladados ?? '0'));
        for (const value of [...importes, ...taxes]) expect(value).toBeGreaterThanOrEqual(0);
        // Each line: base + its IVA is what the family paid for it.
        c.Conceptos.forEach((k, i) => {
          const iva = k.Traslados?.[0]?.Importe;
          expect(parseCentavos(k.Importe) + (iva ? parseCentavos(iva) : 0)).toBe(
            input.lines[i]?.amountCentavos,
          );
        });
      }),
      { numRuns: 300 },
    );
  });

  it('still validates with SAT XSD and matches SAT XSLT cadena', async () => {
    await fc.assert(
      fc.asyncProperty(invoice, async (input) => {
        const issued = issueCfdi(input, csd);
        expect(issued.cadenaOriginal).toBe((await satVerdict(issued)).satCadena);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
