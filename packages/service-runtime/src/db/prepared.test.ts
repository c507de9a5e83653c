import { preparedPerDatabase, statementName } from './prepared';

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

test('a name PostgreSQL would cut is kept apart from its alike by a hash of the whole', () => {
  const shape = (billing: boolean) =>
    `enrolment_students_page_first25,-last_name,gender,search,level,billing:${billing}`;
  expect(statementName('payin_answers_tu_first25')).toBe('payin_answers_tu_first25');
  const [yes, no] = [statementName(shape(true)), statementName(shape(false))];
  expect(yes).not.toBe(no);
  for (const name of [yes, no]) {
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(63);
    expect(name.startsWith('enrolment_students_page_first25,')).toBe(true);
  }
  expect(statementName(shape(true))).toBe(yes);
});
