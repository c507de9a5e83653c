import { z } from 'zod';
import type { HttpError } from './http-error';
import { inputProblem, parseInput } from './validate';

const schema = z.strictObject({
  name: z.string().min(1),
  children: z.array(z.object({ first_name: z.string() })).optional(),
});

function refusal(value: unknown, where?: 'body' | 'query'): HttpError {
  try {
    parseInput(schema, value, where);
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('parseInput accepted the input');
}

describe('parseInput', () => {
  test('returns the parsed value', () => {
    expect(parseInput(schema, { name: ' Ana ' })).toEqual({ name: ' Ana ' });
  });

  test('a schema failure is a Spanish 400 naming each field', () => {
    const error = refusal({ name: '' });
    expect(error.status).toBe(400);
    expect(error.message).toBe('Revisa los datos enviados en el cuerpo de la solicitud.');
    expect(error.details).toEqual([{ path: 'name', message: expect.any(String) }]);
  });

  // PostgreSQL text cannot hold U+0000: these were 500s at the insert or the ILIKE.
  test.each([
    ['a field', { name: 'A\u0000B' }, 'name'],
    [
      'a nested field',
      { name: 'Ana', children: [{ first_name: 'x' }, { first_name: '\u0000' }] },
      'children.1.first_name',
    ],
  ])('a NUL character in %s is a Spanish 400 naming it', (_case, value, path) => {
    const error = refusal(value);
    expect(error.status).toBe(400);
    expect(error.details).toEqual([{ path, message: 'El texto contiene un carácter no válido.' }]);
  });

  test('in a query too', () => {
    const error = refusal({ name: '%\u0000' }, 'query');
    expect(error.message).toBe('Revisa los datos enviados en los parámetros de la solicitud.');
    expect(error.details![0]!.path).toBe('name');
  });
});

describe('hostile shapes are refused in linear time, without recursion', () => {
  const nested = (depth: number): unknown => {
    let value: unknown = 'x';
    for (let i = 0; i < depth; i++) value = [value];
    return value;
  };

  test('100,000 levels of arrays: a Spanish 400 naming where the nesting got too deep', () => {
    const error = refusal({ name: 'Ana', children: nested(100_000) });
    expect(error.status).toBe(400);
    expect(error.details).toEqual([
      { path: `children${'.0'.repeat(31)}`, message: expect.stringMatching(/máximo 32/) },
    ]);
  });

  test('nesting within the limit is left to the schema', () => {
    expect(inputProblem({ a: nested(30) })).toBeNull();
  });

  test('a NUL character in a wide object is found once, its path rebuilt', () => {
    const wide = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, 'ok']));
    expect(inputProblem({ ...wide, last: ['ok', { deep: 'a\u0000' }] })).toEqual({
      path: 'last.1.deep',
      message: 'El texto contiene un carácter no válido.',
    });
  });
});
