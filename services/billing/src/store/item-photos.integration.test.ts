import {
  OTHER_SCHOOL,
  SCHOOL,
  staff,
  startBillingHarness,
  type BillingHarness,
} from '../test-support/billing-harness';
import { seedDemoStore } from './demo-store';

jest.setTimeout(120_000);

let h: BillingHarness;
const owner = staff('OWNER');
const dash = (path: string, school = SCHOOL) => `/api/v1/dashboard/schools/${school}/${path}`;
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(64, 2)]);
const photoForm = (bytes: Buffer, type = 'image/png') => {
  const form = new FormData();
  form.append('photo', new Blob([bytes], { type }), 'foto');
  return form;
};
const photosUrl = (itemId: string, school = SCHOOL) =>
  dash(`store-items/${itemId}/photos/`, school);
const upload = (itemId: string, bytes: Buffer, as = owner, type?: string) =>
  h.call(as, photosUrl(itemId), { form: photoForm(bytes, type) });
const photoRows = async () =>
  (await h.query<{ n: number }>('SELECT count(*)::int AS n FROM store_item_photos'))[0]!.n;

async function newItem(name: string, school = SCHOOL) {
  const item = await h.call(staff('OWNER', school), dash('store-items/', school), {
    json: { name, price_centavos: 15_000, tax: 'IVA_16', variants: [{}] },
  });
  expect(item.status).toBe(201);
  return item.body.id as string;
}

beforeAll(async () => {
  h = await startBillingHarness();
});
afterAll(() => h?.dispose());

test('photos are added in order, served with a long cache, in both catalogues, removed', async () => {
  const itemId = await newItem('Sudadera');
  const first = await upload(itemId, PNG);
  expect(first.status).toBe(200);
  const second = await upload(itemId, JPEG, staff('TREASURER'), 'image/jpeg');
  expect(second.status).toBe(200);
  const photos = second.body.photos as { id: string; url: string }[];
  expect(photos).toHaveLength(2);
  expect(photos[0]).toEqual(first.body.photos[0]);
  expect(photos[1]!.url).toBe(`/api/v1/schools/${SCHOOL}/store-photos/${photos[1]!.id}/`);

  const served = await h.call({ kind: 'anonymous' }, photos[1]!.url);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/jpeg');
  expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(served.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  expect(served.bytes.equals(JPEG)).toBe(true);
  // Another school's address does not serve it.
  const elsewhere = `/api/v1/schools/${OTHER_SCHOOL}/store-photos/${photos[1]!.id}/`;
  expect((await h.call({ kind: 'anonymous' }, elsewhere)).status).toBe(404);

  const store = await h.call({ kind: 'anonymous' }, `/api/v1/schools/${SCHOOL}/online-store/`);
  expect(store.body.items.find((i: { id: string }) => i.id === itemId).photos).toEqual(photos);
  const stock = await h.call(owner, dash('stock/'));
  expect(stock.body.find((i: { id: string }) => i.id === itemId).photos).toEqual(photos);

  const removed = await h.call(owner, `${photosUrl(itemId)}${photos[0]!.id}/`, {
    method: 'DELETE',
  });
  expect(removed.status).toBe(200);
  expect(removed.body.photos).toEqual([photos[1]]);
  expect((await h.call({ kind: 'anonymous' }, photos[0]!.url)).status).toBe(404);
});

test('wrong type, too large, a fifth photo: Spanish 4xx and nothing written', async () => {
  const itemId = await newItem('Mochila');
  const before = await photoRows();
  const pdf = await upload(itemId, Buffer.from('%PDF-1.4 no soy foto'), owner, 'image/png');
  expect(pdf).toMatchObject({
    status: 415,
    body: { error: { message: 'La imagen debe ser JPG, PNG o WebP.' } },
  });
  const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
  expect(await upload(itemId, big)).toMatchObject({
    status: 413,
    body: { error: { message: 'La imagen pesa más de 2 MB.' } },
  });
  expect(await photoRows()).toBe(before);
  for (let i = 0; i < 4; i++) expect((await upload(itemId, PNG)).status).toBe(200);
  expect(await upload(itemId, PNG)).toMatchObject({
    status: 400,
    body: {
      error: {
        message: 'Un artículo tiene como máximo 4 fotos: quita una antes de subir otra.',
      },
    },
  });
  expect(await photoRows()).toBe(before + 4);
});

test('a role without the store write permission gets 403; another school item 404', async () => {
  const itemId = await newItem('Gorra');
  const other = await newItem('Gorra ajena', OTHER_SCHOOL);
  const before = await photoRows();
  expect((await upload(itemId, PNG, staff('ADMISSIONS'))).status).toBe(403);
  const removeAs = await h.call(staff('ADMISSIONS'), `${photosUrl(itemId)}${itemId}/`, {
    method: 'DELETE',
  });
  expect(removeAs.status).toBe(403);
  const foreign = await upload(other, PNG);
  expect(foreign).toMatchObject({
    status: 404,
    body: { error: { message: 'No encontramos este artículo.' } },
  });
  expect(await photoRows()).toBe(before);
});

test('the photos are put in a new order; an order missing one is refused', async () => {
  const itemId = await newItem('Libro de lectura');
  await upload(itemId, PNG);
  await upload(itemId, JPEG, owner, 'image/jpeg');
  const ids = ((await upload(itemId, PNG)).body.photos as { id: string }[]).map((p) => p.id);
  const patch = (photo_order: string[]) =>
    h.call(owner, dash(`store-items/${itemId}/`), { method: 'PATCH', json: { photo_order } });
  const reordered = await patch([ids[2]!, ids[0]!, ids[1]!]);
  expect(reordered.status).toBe(200);
  expect(reordered.body.photos.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[0], ids[1]]);
  expect(await patch([ids[0]!, ids[1]!])).toMatchObject({
    status: 400,
    body: { error: { message: 'Ordena todas las fotos del artículo, cada una una vez.' } },
  });
});

test('the demo store gives the polo and the maths book a generated PNG', async () => {
  const demoSchool = '55555555-5555-4555-8555-555555555555';
  await seedDemoStore(h.service.db, demoSchool);
  const store = await h.call({ kind: 'anonymous' }, `/api/v1/schools/${demoSchool}/online-store/`);
  const withPhotos = (store.body.items as { name: string; photos: { url: string }[] }[]).filter(
    (i) => i.photos.length > 0,
  );
  expect(withPhotos.map((i) => i.name)).toEqual(['Matemáticas 3° de primaria', 'Playera polo']);
  const served = await h.call({ kind: 'anonymous' }, withPhotos[0]!.photos[0]!.url);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(served.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
});
