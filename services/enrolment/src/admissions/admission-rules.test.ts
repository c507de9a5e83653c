import fc from 'fast-check';
import { ENROLMENT_LABELS, STUDENT_STATUSES } from '@cuota/contracts/enrolment/entities';
import {
  inscriptionDecision,
  paidApplicant,
  requireInAdmission,
  requireInscribable,
} from './admission-rules';

test('admissions edits leads and applicants only', () => {
  for (const status of STUDENT_STATUSES) {
    const check = () => requireInAdmission({ status });
    if (status === 'lead' || status === 'new_student') expect(check).not.toThrow();
    else expect(check).toThrow('Este alumno ya no está en admisiones');
  }
});

test('only an applicant can be inscribed', () => {
  expect(() => requireInscribable('new_student')).not.toThrow();
  expect(() => requireInscribable('lead')).toThrow('Un prospecto no puede pasar a activo.');
  expect(() => requireInscribable('active')).toThrow('El alumno ya está en activo.');
});

describe('inscribing, given what billing says (ADR 0012)', () => {
  test('paid: inscribed with payment, the reason the school wrote (if any)', () => {
    expect(inscriptionDecision('Inscrito', { without_payment: false })).toEqual({
      withoutPayment: false,
      reason: null,
    });
    expect(inscriptionDecision('Reinscrito', { without_payment: true, reason: 'Beca' })).toEqual({
      withoutPayment: false,
      reason: 'Beca',
    });
  });
  test('billing silent: inscribed without payment, saying so', () => {
    expect(inscriptionDecision('NOT_AVAILABLE', { without_payment: false })).toEqual({
      withoutPayment: true,
      reason: 'Inscrito sin respuesta de cobranza.',
    });
  });
  test('pending or not inscribed: only when the school asks for it, with its reason', () => {
    for (const label of ['Pendiente', 'No inscrito'] as const) {
      expect(() => inscriptionDecision(label, { without_payment: false })).toThrow(
        `Cobranza indica «${label}» para la inscripción.`,
      );
      expect(
        inscriptionDecision(label, { without_payment: true, reason: 'Pagará en enero' }),
      ).toEqual({ withoutPayment: true, reason: 'Pagará en enero' });
    }
  });
});

test('check_payments inscribes exactly an applicant whose inscription is paid', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...STUDENT_STATUSES),
      fc.constantFrom(...ENROLMENT_LABELS),
      (status, label) => {
        const paid = label === 'Inscrito' || label === 'Reinscrito';
        expect(paidApplicant(status, label)).toBe(status === 'new_student' && paid);
      },
    ),
  );
});
