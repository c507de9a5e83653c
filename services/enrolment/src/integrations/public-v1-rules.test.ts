import fc from 'fast-check';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import { decodeCursor, encodeCursor, pageOf } from './public-v1-rules';

/** An instant as PostgreSQL prints it for the cursor: microseconds, UTC. */
const instant = fc
  .tuple(
    fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
    fc.integer({ min: 0, max: 999 }),
  )
  .map(([d, micros]) => `${d.toISOString().slice(0, 23)}${String(micros).padStart(3, '0')}Z`);
const cursor = fc.record({ at: instant, id: fc.uuid() });

test('a cursor handed out comes back as the same position', () => {
  fc.assert(fc.property(cursor, (c) => expect(decodeCursor(encodeCursor(c))).toEqual(c)));
});

test('anything else sent as a cursor is a Spanish 400 on `cursor`', () => {
  fc.assert(
    fc.property(fc.string(), (raw) => {
      let error: unknown;
      try {
        decodeCursor(raw);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 400, details: [{ path: 'cursor' }] });
    }),
  );
  const millis = Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000Z', crypto.randomUUID()]));
  expect(() => decodeCursor(millis.toString('base64url'))).toThrow(/cursor no es válido/);
});

describe('a page', () => {
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      updated_at: `2026-01-01T00:00:0${i}.000000Z`,
    }));

  test('answers at most the page size, says whether more wait, and points after its last row', () => {
    const page = pageOf(rows(4), 3, undefined);
    expect(page.results).toEqual(rows(3));
    expect(page.has_more).toBe(true);
    expect(decodeCursor(page.next_cursor!)).toEqual({
      at: rows(3)[2]!.updated_at,
      id: rows(3)[2]!.id,
    });
    expect(pageOf(rows(3), 3, undefined).has_more).toBe(false);
  });

  test('an empty page keeps the cursor it was asked with (null on a first, empty pull)', () => {
    expect(pageOf([], 3, 'abc')).toEqual({ results: [], next_cursor: 'abc', has_more: false });
    expect(pageOf([], 3, undefined).next_cursor).toBeNull();
  });
});
