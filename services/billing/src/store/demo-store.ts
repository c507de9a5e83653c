import type { CreateStoreItem } from '@cuota/contracts/billing/store';
import type { BillingDb } from '../billing-db';
import { insertCategory, insertItem, itemsOfSchool } from './catalogue-repository';
import { demoPhoto } from './demo-photo';
import { addPhoto } from './item-photo-repository';
import { moveStock } from './stock-repository';

interface DemoItem {
  category: string;
  item: Omit<CreateStoreItem, 'category_id' | 'description' | 'visible' | 'sat_product_key'>;
  /** Units per variant (SET_FIRST_TIME), or UNLIMITED. */
  stock: number | 'UNLIMITED';
  /** A generated photo's colour (ADR 0105), for a couple of items. */
  photo?: readonly [number, number, number];
}

const sizes = (...s: string[]) => s.map((size) => ({ size, colour: 'Azul marino' }));

const DEMO_ITEMS: DemoItem[] = [
  {
    category: 'Uniformes',
    item: {
      name: 'Playera polo',
      price_centavos: 32_000,
      tax: 'IVA_16',
      variants: sizes('6', '8', '10', '12'),
    },
    stock: 20,
    photo: [31, 58, 120],
  },
  {
    category: 'Uniformes',
    item: {
      name: 'Pants deportivo',
      price_centavos: 48_000,
      tax: 'IVA_16',
      variants: sizes('8', '10', '12'),
    },
    stock: 12,
  },
  {
    category: 'Libros',
    item: {
      name: 'Matemáticas 3° de primaria',
      price_centavos: 41_500,
      tax: 'IVA_0',
      variants: [{}],
    },
    stock: 15,
    photo: [214, 110, 36],
  },
  {
    category: 'Libros',
    item: { name: 'English Adventures 3', price_centavos: 56_000, tax: 'IVA_0', variants: [{}] },
    stock: 3,
  },
  {
    category: 'Eventos',
    item: {
      name: 'Boleto festival de primavera',
      price_centavos: 15_000,
      tax: 'IVA_16',
      variants: [{}],
    },
    stock: 'UNLIMITED',
  },
];

/**
 * The demo school's store (once): uniforms by size (IVA 16 %), books (IVA 0 %, one nearly sold
 * out) and an event ticket without a stock limit, counted through the same movements staff use;
 * the polo and the maths book carry a generated photo.
 */
export async function seedDemoStore(db: BillingDb, schoolId: string) {
  if ((await itemsOfSchool(db, schoolId)).length > 0) return { store_items: 0 };
  const categories = new Map<string, string>();
  for (const name of new Set(DEMO_ITEMS.map((d) => d.category)))
    categories.set(name, (await insertCategory(db, schoolId, name)).id);
  for (const demo of DEMO_ITEMS)
    await db.transaction(async (tx) => {
      const item = await insertItem(tx, schoolId, {
        ...demo.item,
        category_id: categories.get(demo.category)!,
        description: '',
        visible: true,
        // Each demo item's key is its tax kind's default (ADR 0092).
        sat_product_key: null,
      });
      if (demo.photo)
        await addPhoto(tx, schoolId, item.id, {
          contentType: 'image/png',
          bytes: demoPhoto(demo.photo),
        });
      for (const variant of item.variants)
        await moveStock(
          tx,
          schoolId,
          demo.stock === 'UNLIMITED'
            ? { variant_id: variant.id, kind: 'UNLIMITED', quantity: 0, note: 'Alta del catálogo' }
            : {
                variant_id: variant.id,
                kind: 'SET_FIRST_TIME',
                quantity: demo.stock,
                note: 'Alta del catálogo',
              },
          null,
        );
    });
  return { store_items: DEMO_ITEMS.length };
}
