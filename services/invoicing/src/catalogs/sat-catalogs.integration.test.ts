/**
 * GET /api/v1/dashboard/product_keys/ and /tax_units/: the SAT keys Cuota invoices with, the
 * same for every school, searchable; staff need `invoicing.read` in some school.
 */
import { apiErrorSchema } from '@cuota/contracts/common/api-error';
import { productKeyListSchema, taxUnitListSchema } from '@cuota/contracts/invoicing/sat-catalogs';
import {
  SCHOOL_ID,
  guardianClaims,
  staffOf,
  startInvoicingTestSystem,
  type InvoicingTestSystem,
} from '../test-support/invoicing-test-system';

jest.setTimeout(60_000);

let system: InvoicingTestSystem;
beforeAll(async () => {
  system = await startInvoicingTestSystem();
});
afterAll(() => system?.stop());

const accountant = staffOf(SCHOOL_ID, 'ACCOUNTANT');
const keysOf = async (query = '') =>
  productKeyListSchema.parse(
    await (await system.call(`/api/v1/dashboard/product_keys/${query}`, accountant)).json(),
  ).results;

test('every key the invoices carry, with what it invoices and which concepts use it', async () => {
  const keys = await keysOf();
  expect(keys.map((k) => k.key)).toEqual(
    expect.arrayContaining(['86121500', '86121600', '86121700', '53102705', '84111506']),
  );
  expect(keys.find((k) => k.key === '86121500')).toMatchObject({
    description: 'Servicios educativos de preescolar, primaria y secundaria',
    concept_types: expect.arrayContaining(['MONTHLY_FEE', 'INSCRIPTION']),
  });
  expect(new Set(keys.map((k) => k.key)).size).toBe(keys.length);
});

test('search by part of the key or of the description, accents and case aside', async () => {
  expect((await keysOf('?search=8612')).map((k) => k.key).sort()).toEqual([
    '86121500',
    '86121600',
    '86121700',
  ]);
  expect((await keysOf('?search=UNIFORMES')).map((k) => k.key)).toEqual(['53102705']);
  expect((await keysOf('?search=cafeteria')).map((k) => k.key)).toEqual(['90101700']);
  expect(await keysOf('?search=zzz')).toEqual([]);
});

test('units: service, piece and the CFDI de pago’s activity', async () => {
  const res = await system.call('/api/v1/dashboard/tax_units/?search=pieza', accountant);
  expect(taxUnitListSchema.parse(await res.json()).results).toEqual([
    { key: 'H87', name: 'Pieza', description: 'Pieza: libros, materiales y uniformes' },
  ]);
  const all = await system.call('/api/v1/dashboard/tax_units/', staffOf(SCHOOL_ID, 'TREASURER'));
  expect(
    taxUnitListSchema
      .parse(await all.json())
      .results.map((u) => u.key)
      .sort(),
  ).toEqual(['ACT', 'E48', 'H87']);
});

test('a cashier, a family or nobody may not read them; a long search is a Spanish 400', async () => {
  for (const path of ['/api/v1/dashboard/product_keys/', '/api/v1/dashboard/tax_units/']) {
    expect((await system.call(path, staffOf(SCHOOL_ID, 'CASH_COLLECTION'))).status).toBe(403);
    expect((await system.call(path, guardianClaims(1))).status).toBe(403);
    expect((await system.call(path)).status).toBe(401);
  }
  const res = await system.call(
    `/api/v1/dashboard/product_keys/?search=${'a'.repeat(81)}`,
    accountant,
  );
  expect(res.status).toBe(400);
  expect(apiErrorSchema.parse(await res.json()).error.details).toEqual([
    { path: 'search', message: 'La búsqueda es demasiado larga.' },
  ]);
});
