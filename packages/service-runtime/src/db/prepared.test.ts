import { preparedPerDatabase } from './prepared';

test('a statement is built once per database, never per call', () => {
  let builds = 0;
  const statement = preparedPerDatabase((db: { name: string }) => ({ db: db.name, n: ++builds }));
  const one = { name: 'one' };
  const other = { name: 'other' };
  expect(statement(one)).toBe(statement(one));
  expect(statement(other)).toEqual({ db: 'other', n: 2 });
  expect(statement(one)).toEqual({ db: 'one', n: 1 });
  expect(builds).toBe(2);
});
