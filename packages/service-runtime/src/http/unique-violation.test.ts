import { toHttpError } from './error-handler';
import { DUPLICATE_RECORD_MESSAGE, uniqueViolationOf } from './unique-violation';

const pgError = (constraint: string) => ({ code: '23505', constraint });

test('a unique violation is found however deep the driver wrapped it', () => {
  expect(uniqueViolationOf(pgError('students_school_curp_uq'))).toBe('students_school_curp_uq');
  expect(uniqueViolationOf({ cause: { cause: pgError('x') } })).toBe('x');
  expect(uniqueViolationOf(new Error('otra cosa'))).toBeNull();
  expect(uniqueViolationOf({ code: '23503', constraint: 'fk' })).toBeNull();
});

test("the error handler answers it as a 409 with the index's message, or a general one", () => {
  const messages = { sections_level_name_uq: 'Ya existe un grupo con ese nombre en ese nivel.' };
  expect(toHttpError({ cause: pgError('sections_level_name_uq') }, messages)).toMatchObject({
    status: 409,
    code: 'CONFLICT',
    message: 'Ya existe un grupo con ese nombre en ese nivel.',
  });
  expect(toHttpError(pgError('otro_uq'), messages)).toMatchObject({
    status: 409,
    message: DUPLICATE_RECORD_MESSAGE,
  });
  expect(toHttpError(new Error('otra cosa'), messages)).toBeUndefined();
});
