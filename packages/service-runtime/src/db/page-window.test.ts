import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ALL_ROWS, inWindow, windowOf, windowSql, windowValues } from './page-window';

const payins = pgTable('payins', { id: text('id') });
const db = drizzle.mock();
const windowed = (window: string) => inWindow(db.select().from(payins).$dynamic(), window).toSQL();

test('a first page is its size in the text and no offset; a later page takes its offset', () => {
  expect(windowOf({ page: 1, pageSize: 25 })).toBe('first25');
  expect(windowOf({ page: 3, pageSize: 25 })).toBe('next25');
  expect(windowValues({ page: 1, pageSize: 25 })).toEqual({});
  expect(windowValues({ page: 3, pageSize: 25 })).toEqual({ offset: 50 });
  expect(windowed('first25')).toEqual({ sql: 'select "id" from "payins" limit 25', params: [] });
  expect(windowed('next25').sql).toBe('select "id" from "payins" limit 25 offset $1');
});

test('a window that is not one is refused, never written into SQL', () => {
  expect(() => windowed('first25; drop table payins')).toThrow('not a page window');
  expect(() => windowed('')).toThrow('not a page window');
  expect(() => windowSql('next25 OFFSET 0; drop table payins')).toThrow('not a page window');
});

test('a statement written as SQL ends in its window; an export in none', () => {
  const ended = (window: string) =>
    new PgDialect().sqlToQuery(sql`SELECT id FROM payins ${windowSql(window)}`);
  expect(ended('first25')).toEqual({ sql: 'SELECT id FROM payins LIMIT 25', params: [] });
  expect(ended('next25').sql).toBe('SELECT id FROM payins LIMIT 25 OFFSET $1');
  expect(ended(ALL_ROWS)).toEqual({ sql: 'SELECT id FROM payins ', params: [] });
});
