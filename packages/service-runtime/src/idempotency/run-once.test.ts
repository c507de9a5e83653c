import { requestHash } from './run-once';

test('a request hashes the same whatever the order of its fields', () => {
  const a = { params: { id: '1' }, body: { name: 'Ana', tags: ['x', 'y'], more: { b: 1, a: 2 } } };
  const b = { body: { more: { a: 2, b: 1 }, tags: ['x', 'y'], name: 'Ana' }, params: { id: '1' } };
  expect(requestHash(a)).toBe(requestHash(b));
});

test('another value, or another order inside a list, is another request', () => {
  const base = { body: { name: 'Ana', tags: ['x', 'y'] } };
  expect(requestHash(base)).not.toBe(requestHash({ body: { name: 'Ana ', tags: ['x', 'y'] } }));
  expect(requestHash(base)).not.toBe(requestHash({ body: { name: 'Ana', tags: ['y', 'x'] } }));
});
