import { HttpError } from '@cuota/service-runtime/http/http-error';
import {
  billingGuardianRefusal,
  refuseDuplicateStudent,
  sectionAfterEdit,
  uniqueViolationOf,
} from './student-rules';

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

describe('a duplicate CURP or matrícula', () => {
  const pgError = (constraint: string) => ({ code: '23505', constraint });

  test('is found however deep the driver wrapped it', () => {
    expect(uniqueViolationOf(pgError('students_school_curp_uq'))).toBe('students_school_curp_uq');
    expect(uniqueViolationOf({ cause: { cause: pgError('x') } })).toBe('x');
    expect(uniqueViolationOf(new Error('otra cosa'))).toBeNull();
  });

  test('becomes a Spanish 409; any other failure passes through unchanged', async () => {
    const fail = (err: unknown) => () => Promise.reject(err);
    await expect(
      refuseDuplicateStudent(fail({ cause: pgError('students_school_curp_uq') })),
    ).rejects.toMatchObject({
      status: 409,
      message: 'Ya hay un alumno con esta CURP en la escuela.',
    });
    await expect(
      refuseDuplicateStudent(fail(pgError('students_school_code_uq'))),
    ).rejects.toMatchObject({ message: 'Ya hay un alumno con esta matrícula en la escuela.' });
    const other = pgError('guardians_hash_key');
    await expect(refuseDuplicateStudent(fail(other))).rejects.toBe(other);
    await expect(refuseDuplicateStudent(() => Promise.resolve(7))).resolves.toBe(7);
  });
});
