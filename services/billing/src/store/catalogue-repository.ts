import { and, asc, eq, inArray } from 'drizzle-orm';
import type {
  CreateStoreItem,
  StoreCategory,
  StoreItem,
  UpdateStoreItem,
  Variant,
  VariantInput,
} from '@cuota/contracts/billing/store';
import type { Executor } from '@cuota/messaging/transaction';
import { badRequest, notFound } from '@cuota/service-runtime/http/http-error';
import { storeCategories, storeItems, storeVariants } from '../schema';
import { orderPhotos, photosOfItems } from './item-photo-repository';

/** The only code that reads or writes the store's categories, items and variants. */
type VariantRow = typeof storeVariants.$inferSelect;
type ItemRow = typeof storeItems.$inferSelect;

export const NO_ITEM = 'No encontramos este artículo.';

/** What can still be sold: null when the variant is not counted (UNLIMITED). */
export const availableOf = (v: Pick<VariantRow, 'limited' | 'onHand' | 'reserved'>) =>
  v.limited ? v.onHand - v.reserved : null;

// Sizes as people read them: 6, 8, 10, 12 (not 10, 12, 6, 8).
const collator = new Intl.Collator('es', { numeric: true });
const bySizeThenColour = (a: VariantRow, b: VariantRow) =>
  collator.compare(a.size ?? '', b.size ?? '') || collator.compare(a.colour ?? '', b.colour ?? '');

export const toVariant = (v: VariantRow): Variant => ({
  id: v.id,
  size: v.size,
  colour: v.colour,
  limited: v.limited,
  on_hand: v.onHand,
  reserved: v.reserved,
  available: availableOf(v),
});

export async function categoriesOfSchool(db: Executor, schoolId: string): Promise<StoreCategory[]> {
  return db
    .select({ id: storeCategories.id, name: storeCategories.name })
    .from(storeCategories)
    .where(eq(storeCategories.schoolId, schoolId))
    .orderBy(asc(storeCategories.name));
}

export async function insertCategory(db: Executor, schoolId: string, name: string) {
  const [row] = await db
    .insert(storeCategories)
    .values({ schoolId, name })
    .onConflictDoNothing()
    .returning({ id: storeCategories.id, name: storeCategories.name });
  if (!row) throw badRequest('Ya existe una categoría con ese nombre.');
  return row;
}

/** The school's items with their variants, names ordered; `visibleOnly` for the public store. */
export async function itemsOfSchool(
  db: Executor,
  schoolId: string,
  options: { visibleOnly?: boolean; itemIds?: string[] } = {},
): Promise<StoreItem[]> {
  const conditions = [eq(storeItems.schoolId, schoolId)];
  if (options.visibleOnly) conditions.push(eq(storeItems.visible, true));
  if (options.itemIds) conditions.push(inArray(storeItems.id, options.itemIds));
  const items = await db
    .select({ item: storeItems, category: storeCategories })
    .from(storeItems)
    .leftJoin(storeCategories, eq(storeCategories.id, storeItems.categoryId))
    .where(and(...conditions))
    .orderBy(asc(storeItems.name), asc(storeItems.id));
  if (items.length === 0) return [];
  const variants = await db
    .select()
    .from(storeVariants)
    .where(
      inArray(
        storeVariants.itemId,
        items.map((i) => i.item.id),
      ),
    )
    .orderBy(asc(storeVariants.id));
  const photos = await photosOfItems(
    db,
    schoolId,
    items.map((i) => i.item.id),
  );
  return items.map(({ item, category }) => ({
    ...toItem(item, category, variants),
    photos: photos.get(item.id) ?? [],
  }));
}

function toItem(
  item: ItemRow,
  category: StoreCategory | null,
  variants: VariantRow[],
): Omit<StoreItem, 'photos'> {
  return {
    id: item.id,
    school_id: item.schoolId,
    name: item.name,
    description: item.description,
    category: category && { id: category.id, name: category.name },
    price_centavos: item.priceCentavos,
    tax: item.tax,
    sat_product_key: item.satProductKey,
    visible: item.visible,
    variants: variants
      .filter((v) => v.itemId === item.id)
      .sort(bySizeThenColour)
      .map(toVariant),
  };
}

async function requireCategory(db: Executor, schoolId: string, categoryId: string | null) {
  if (categoryId === null) return;
  const [row] = await db
    .select({ id: storeCategories.id })
    .from(storeCategories)
    .where(and(eq(storeCategories.id, categoryId), eq(storeCategories.schoolId, schoolId)));
  if (!row) throw badRequest('Elige una categoría de esta escuela.');
}

const variantRows = (schoolId: string, itemId: string, variants: VariantInput[]) =>
  variants.map((v) => ({ schoolId, itemId, size: v.size ?? null, colour: v.colour ?? null }));

export async function itemOf(db: Executor, schoolId: string, itemId: string) {
  const [item] = await itemsOfSchool(db, schoolId, { itemIds: [itemId] });
  if (!item) throw notFound(NO_ITEM);
  return item;
}

/** A new item counts nothing yet: its variants sell once stock is set (SET_FIRST_TIME). */
export async function insertItem(tx: Executor, schoolId: string, input: CreateStoreItem) {
  await requireCategory(tx, schoolId, input.category_id);
  const [row] = await tx
    .insert(storeItems)
    .values({
      schoolId,
      categoryId: input.category_id,
      name: input.name,
      description: input.description,
      priceCentavos: input.price_centavos,
      tax: input.tax,
      satProductKey: input.sat_product_key,
      visible: input.visible,
    })
    .returning({ id: storeItems.id });
  await tx.insert(storeVariants).values(variantRows(schoolId, row!.id, input.variants));
  return itemOf(tx, schoolId, row!.id);
}

/** Price changes apply to new orders only: an order keeps the price it was reserved at. */
export async function updateItem(
  tx: Executor,
  schoolId: string,
  itemId: string,
  input: UpdateStoreItem,
) {
  await itemOf(tx, schoolId, itemId);
  if (input.category_id !== undefined) await requireCategory(tx, schoolId, input.category_id);
  const set = {
    name: input.name,
    description: input.description,
    categoryId: input.category_id,
    priceCentavos: input.price_centavos,
    tax: input.tax,
    satProductKey: input.sat_product_key,
    visible: input.visible,
  };
  if (Object.values(set).some((v) => v !== undefined))
    await tx.update(storeItems).set(set).where(eq(storeItems.id, itemId));
  if (input.add_variants?.length)
    await tx.insert(storeVariants).values(variantRows(schoolId, itemId, input.add_variants));
  if (input.photo_order) await orderPhotos(tx, schoolId, itemId, input.photo_order);
  return itemOf(tx, schoolId, itemId);
}
