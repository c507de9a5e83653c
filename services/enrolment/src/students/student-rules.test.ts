import { HttpError } from '@cuota/service-runtime/http/http-error';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import type { StudentDetail } from '@cuota/contracts/enrolment/student-detail';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { billingGuardianRefusal, sectionAfterEdit, studentAsSeenBy } from './student-rules';

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

describe("who sees a student's guardians' contact and fiscal data", () => {
  const guardian = {
    id: 'g1',
    first_name: 'Ana',
    last_name: 'Ruiz',
    email: 'ana@correo.mx',
    phone: '5512345678',
    relationship: 'madre',
    billing_name: 'Ana Ruiz',
    tax_id: 'RUAA800101AB9',
    is_billing_guardian: true,
  };
  const student = { school_id: 's1', guardians: [guardian] } as unknown as StudentDetail;
  const staffAs = (role: StaffRole): IdentityClaims => ({
    kind: 'staff',
    user_id: 'u',
    memberships: [{ school_id: 's1', role }],
  });

  test('the family and staff with guardians.read see everything', () => {
    expect(studentAsSeenBy(student, staffAs('CASH_COLLECTION')).guardians[0]).toEqual(guardian);
    const family: IdentityClaims = { kind: 'guardian', guardian_id: 'g1', school_ids: ['s1'] };
    expect(studentAsSeenBy(student, family).guardians[0]).toEqual(guardian);
  });

  test('a role without guardians.read sees who they are, not how to reach them', () => {
    expect(studentAsSeenBy(student, staffAs('OTHER')).guardians[0]).toEqual({
      ...guardian,
      email: null,
      phone: null,
      billing_name: null,
      tax_id: null,
    });
  });

  test('an explicit list without guardians.read counts, whatever the role', () => {
    const custom: IdentityClaims = {
      kind: 'staff',
      user_id: 'u',
      memberships: [{ school_id: 's1', role: 'ADMISSIONS', permissions: ['students.read'] }],
    };
    expect(studentAsSeenBy(student, custom).guardians[0]!.tax_id).toBeNull();
  });
});
