import { preparedPerDatabase } from './prepared';

test('a statement is built once per database and shape, never per call', () => {
  let builds = 0;
  const statement = preparedPerDatabase((db: { name: string }, shape: string) => ({
    db: db.name,
    shape,
    n: ++builds,
  }));
  const one = { name: 'one' };
  const other = { name: 'other' };
  expect(statement(one)).toBe(statement(one));
  expect(statement(other)).toEqual({ db: 'other', shape: '', n: 2 });
  expect(statement(one, 'type')).toBe(statement(one, 'type'));
  expect(statement(one)).toEqual({ db: 'one', shape: '', n: 1 });
  expect(builds).toBe(3);
});
