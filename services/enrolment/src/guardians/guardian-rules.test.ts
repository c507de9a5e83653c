import { staffOnly } from '@cuota/contracts/access/access';
import {
  billingAssignmentRefusal,
  guardianColumns,
  newGuardianHash,
  portalLink,
  staffSchoolOfGuardian,
} from './guardian-rules';

describe('the school through which staff reach a guardian', () => {
  const access = staffOnly('guardians.write');
  test('one of the guardian’s schools where the role may call the endpoint', () => {
    const memberships = [
      { school_id: 'A', role: 'CASH_COLLECTION' as const },
      { school_id: 'B', role: 'OWNER' as const },
    ];
    expect(staffSchoolOfGuardian(memberships, ['A', 'B'], access)).toBe('B');
  });
  test('else a shared school (the caller learns it lacks the grant), else none', () => {
    const cashier = [{ school_id: 'A', role: 'CASH_COLLECTION' as const }];
    expect(staffSchoolOfGuardian(cashier, ['A'], access)).toBe('A');
    expect(staffSchoolOfGuardian(cashier, ['C'], access)).toBeNull();
    expect(staffSchoolOfGuardian([], ['A'], access)).toBeNull();
  });
});

test('a billing guardian must be linked to the student: each refused pair named', () => {
  const links = [
    { studentId: 's1', guardianId: 'g1' },
    { studentId: 's2', guardianId: 'g2' },
  ];
  expect(billingAssignmentRefusal([{ student_id: 's1', guardian_id: 'g1' }], links)).toBeNull();
  const refused = billingAssignmentRefusal(
    [
      { student_id: 's1', guardian_id: 'g1' },
      { student_id: 's1', guardian_id: 'g2' },
      { student_id: 's3', guardian_id: 'g1' },
    ],
    links,
  );
  expect(refused).toMatchObject({
    status: 400,
    message: 'El tutor de facturación debe ser uno de los tutores del alumno.',
    details: [
      { path: 'assignments.1.guardian_id', message: 'Este tutor no es tutor de este alumno.' },
      { path: 'assignments.2.guardian_id', message: 'Este tutor no es tutor de este alumno.' },
    ],
  });
});

describe('the portal link', () => {
  test('is PUBLIC_URL with the guardian’s hash', () => {
    expect(portalLink('g1', 'abc_-123', 'https://cuota.example.mx/app')).toEqual({
      guardian_id: 'g1',
      portal_path: '/guardians/abc_-123',
      portal_url: 'https://cuota.example.mx/guardians/abc_-123',
    });
  });
  test('without PUBLIC_URL is a Spanish 503', () => {
    expect(() => portalLink('g1', 'abc', undefined)).toThrow(
      'El enlace del portal no está configurado.',
    );
  });
});

test('a guardian’s link key is long, URL-safe and never repeats', () => {
  const hashes = Array.from({ length: 200 }, newGuardianHash);
  expect(new Set(hashes).size).toBe(200);
  for (const hash of hashes) expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
});

test('an edit touches only the fields sent', () => {
  expect(guardianColumns({ tax_id: 'GOML850101ABA', phone: null })).toEqual({
    firstName: undefined,
    lastName: undefined,
    email: undefined,
    phone: null,
    billingName: undefined,
    taxId: 'GOML850101ABA',
    taxZipCode: undefined,
  });
});
