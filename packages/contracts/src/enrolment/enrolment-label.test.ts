import type { InscriptionPaymentConcept } from '@cuota/contracts/billing/inscription-payments';
import { enrolmentLabelFor } from './enrolment-label';

const concept = (
  type: InscriptionPaymentConcept['type'],
  status: InscriptionPaymentConcept['status'],
): InscriptionPaymentConcept => ({ concept_id: `${type}-${status}`, type, status });

describe('enrolmentLabelFor', () => {
  test('a paid inscription is Inscrito', () => {
    expect(enrolmentLabelFor({ concepts: [concept('INSCRIPTION', 'PAID')] })).toBe('Inscrito');
  });
  test('a paid re-inscription is Reinscrito', () => {
    expect(enrolmentLabelFor({ concepts: [concept('REINSCRIPTION', 'PAID')] })).toBe('Reinscrito');
  });
  test('a paid concept wins over an unpaid one; inscription over re-inscription', () => {
    expect(
      enrolmentLabelFor({
        concepts: [concept('REINSCRIPTION', 'NOT_PAID'), concept('INSCRIPTION', 'PAID')],
      }),
    ).toBe('Inscrito');
    expect(
      enrolmentLabelFor({
        concepts: [concept('REINSCRIPTION', 'PAID'), concept('INSCRIPTION', 'PAID')],
      }),
    ).toBe('Inscrito');
  });
  test.each(['WAITING_PAID', 'PARTIAL_PAID'] as const)('%s is Pendiente', (status) => {
    expect(
      enrolmentLabelFor({
        concepts: [concept('INSCRIPTION', status), concept('REINSCRIPTION', 'NOT_PAID')],
      }),
    ).toBe('Pendiente');
  });
  test('not paid, or no concept at all, is No inscrito', () => {
    expect(enrolmentLabelFor({ concepts: [concept('INSCRIPTION', 'NOT_PAID')] })).toBe(
      'No inscrito',
    );
    expect(enrolmentLabelFor({ concepts: [] })).toBe('No inscrito');
  });
  test('billing silent (no answer) is NOT_AVAILABLE', () => {
    expect(enrolmentLabelFor(null)).toBe('NOT_AVAILABLE');
  });
});
