/**
 * ADR 0037 "Deductible tuition on its own", over random payments: the colegiatura CFDI holds
 * only colegiaturas (each with IEDU, UsoCFDI D10), the other CFDI everything else, and both
 * add up to what was paid, taxes included, to the centavo.
 */
import fc from 'fast-check';
import { CONCEPT_TYPES } from '@cuota/contracts/billing/concepts';
import type { Allocation } from '@cuota/contracts/payments/payins';
import { buildComprobante } from '../cfdi/build-comprobante';
import { DEMO_SCHOOL, GUARDIAN, STUDENT } from '../cfdi/cfdi-fixtures';
import { engineLines, invoiceRequestsOf } from './invoice-request-rules';

const centavos = (amount: string | undefined) => Number((amount ?? '0').replace('.', ''));
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

const allocation = fc.record({
  order_id: fc.constantFrom('o-1', 'o-2', 'o-3', 'o-4'),
  student_id: fc.constantFrom('s-1', 's-2'),
  concept_id: fc.constant('c'),
  concept_name: fc.constantFrom('Colegiatura', 'Uniforme', 'Inscripción'),
  concept_type: fc.constantFrom(...CONCEPT_TYPES),
  period: fc.constantFrom('2026-09', null),
  base_centavos: fc.integer({ min: 0, max: 2_000_000 }),
  late_fee_centavos: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 60_000 })),
  discount_centavos: fc.constant(0),
}) satisfies fc.Arbitrary<Allocation>;

const source = {
  kind: 'payin',
  id: 'p-1',
  schoolId: 'school',
  payerGuardianId: 'g-1',
  method: 'transfer',
  paidAt: new Date('2026-09-05T17:00:00Z'),
} as const;

test('tuition apart: totals and taxes of both CFDI add up to the centavo', () => {
  fc.assert(
    fc.property(fc.array(allocation, { minLength: 1, maxLength: 8 }), (allocations) => {
      const requests = invoiceRequestsOf(source, allocations);
      const paid = sum(allocations.map((a) => a.base_centavos + a.late_fee_centavos));
      expect(sum(requests.map((r) => r.totalCentavos))).toBe(paid);
      for (const request of requests) {
        const { comprobante: c } = buildComprobante({
          issuer: DEMO_SCHOOL,
          receptor: GUARDIAN,
          payment: { method: source.method, paidAt: source.paidAt },
          issuedAt: source.paidAt,
          lines: engineLines(request.lines, STUDENT),
        });
        const taxes = centavos(c.Impuestos?.TotalImpuestosTrasladados);
        expect(centavos(c.Total)).toBe(request.totalCentavos);
        expect(centavos(c.SubTotal) + taxes).toBe(request.totalCentavos);
        expect(sum(c.Conceptos.map((k) => centavos(k.Importe)))).toBe(centavos(c.SubTotal));
        const conceptTaxes = c.Conceptos.flatMap((k) => k.Traslados ?? []);
        expect(sum(conceptTaxes.map((t) => centavos(t.Importe)))).toBe(taxes);
        const withIedu = c.Conceptos.filter((k) => k.instEducativas);
        if (request.part === 'tuition') {
          expect(request.lines.every((l) => l.concept_type === 'MONTHLY_FEE')).toBe(true);
          expect(withIedu).toHaveLength(c.Conceptos.length);
          expect(c.Receptor.UsoCFDI).toBe('D10');
        } else {
          expect(withIedu).toEqual([]);
          expect(c.Receptor.UsoCFDI).not.toBe('D10');
        }
      }
    }),
  );
});
