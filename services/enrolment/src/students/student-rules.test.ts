import { HttpError } from '@cuota/service-runtime/http/http-error';
import { billingGuardianRefusal, sectionAfterEdit } from './student-rules';

const current = { levelId: 'primaria', sectionId: '3A' };

describe('the group a student keeps after an edit', () => {
  test('the group named wins, also none (null)', () => {
    expect(sectionAfterEdit(current, 'primaria', '4B')).toBe('4B');
    expect(sectionAfterEdit(current, 'primaria', null)).toBeNull();
  });
  test('no group named: the current one while the level stays, none on a new level', () => {
    expect(sectionAfterEdit(current, 'primaria', undefined)).toBe('3A');
    expect(sectionAfterEdit(current, 'secundaria', undefined)).toBeNull();
  });
});

test('the billing guardian must be one of the guardians (or none at all)', () => {
  expect(billingGuardianRefusal(null, [])).toBeNull();
  expect(billingGuardianRefusal('g1', ['g0', 'g1'])).toBeNull();
  const refused = billingGuardianRefusal('g2', ['g1']);
  expect(refused).toBeInstanceOf(HttpError);
  expect(refused).toMatchObject({
    status: 400,
    details: [
      {
        path: 'billing_guardian_id',
        message: 'El tutor de facturación debe ser uno de sus tutores.',
      },
    ],
  });
});
