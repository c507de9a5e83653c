import { z } from 'zod';
import { positiveCentavosSchema } from '@cuota/contracts/common/money';

/** Stock movement kinds, as the specification prints them (ADR 0062 says what each does). */
export const STOCK_KINDS = [
  'SUM',
  'SUBTRACT',
  'LIMITED',
  'UNLIMITED',
  'SET_FIRST_TIME',
  'UPDATE',
] as const;
export const stockKindSchema = z.enum(STOCK_KINDS, 'Elige un tipo de movimiento válido.');
export type StockKind = z.infer<typeof stockKindSchema>;
/** INTERNAL: staff adjusting the count; EXTERNAL: a buyer's sale (ADR 0062). */
export const MOVEMENTS = ['INTERNAL', 'EXTERNAL'] as const;
export type Movement = (typeof MOVEMENTS)[number];

/**
 * How an item is taxed (prices include it): uniforms 16 % IVA, books 0 % (LIVA art. 2-A),
 * exempt for what the school may sell without IVA.
 */
export const STORE_TAXES = ['IVA_16', 'IVA_0', 'EXENTO'] as const;
export const storeTaxSchema = z.enum(STORE_TAXES, 'Elige el tratamiento fiscal del artículo.');
export type StoreTax = z.infer<typeof storeTaxSchema>;

/**
 * The SAT product key (c_ClaveProdServ) an item's CFDI line carries unless the school sets its
 * own (ADR 0092): by tax kind, as invoicing's concept profiles key uniforms and books (ADR
 * 0101) — a taxed article as a school uniform, a 0 % one as a textbook; an exempt one has no
 * sensible guess, so the catalogue's «no existe en el catálogo» until the school picks one.
 */
export const DEFAULT_SAT_PRODUCT_KEYS: Record<StoreTax, { key: string; description: string }> = {
  IVA_16: { key: '53102705', description: 'Uniformes escolares' },
  IVA_0: { key: '55101509', description: 'Libros de texto' },
  EXENTO: { key: '01010101', description: 'No existe en el catálogo' },
};
/** c_ClaveProdServ: eight digits (SAT's catalog is too large to check here: by shape). */
export const satProductKeySchema = z
  .string('Escribe la clave de producto del SAT.')
  .trim()
  .regex(/^\d{8}$/, 'La clave de producto o servicio del SAT (ClaveProdServ) tiene 8 dígitos.');
/** The key an item's sale is invoiced with: its own, else its tax kind's. */
export const satProductKeyOf = (item: { tax: StoreTax; sat_product_key: string | null }) =>
  item.sat_product_key ?? DEFAULT_SAT_PRODUCT_KEYS[item.tax].key;

export const OPTIONAL_ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'delivered',
  'cancelled',
] as const;
export type OptionalOrderStatus = (typeof OPTIONAL_ORDER_STATUSES)[number];

const name = (what: string) =>
  z
    .string(`Escribe el nombre ${what}.`)
    .trim()
    .min(1, `Escribe el nombre ${what}.`)
    .max(120, `El nombre ${what} admite hasta 120 caracteres.`);
const optionalLabel = z
  .string()
  .trim()
  .max(40, 'Admite hasta 40 caracteres.')
  .nullable()
  .optional();
const quantity = z
  .number('Escribe la cantidad.')
  .int('La cantidad debe ser un número entero.')
  .min(1, 'La cantidad debe ser mayor que cero.')
  .max(100_000, 'La cantidad es demasiado grande.');

export const createStoreCategorySchema = z.strictObject({ name: name('de la categoría') });
export const storeCategorySchema = z.object({ id: z.string(), name: z.string() });
export type StoreCategory = z.infer<typeof storeCategorySchema>;

/** A size/colour of an item; stock is counted per variant. */
export const variantInputSchema = z.strictObject({
  size: optionalLabel,
  colour: optionalLabel,
});
export type VariantInput = z.infer<typeof variantInputSchema>;

const itemFields = {
  name: name('del artículo'),
  description: z
    .string()
    .trim()
    .max(1000, 'La descripción admite hasta 1000 caracteres.')
    .default(''),
  category_id: z.uuid('Elige una categoría válida.').nullable().default(null),
  price_centavos: positiveCentavosSchema,
  tax: storeTaxSchema,
  /** Its own ClaveProdServ; null: its tax kind's default (DEFAULT_SAT_PRODUCT_KEYS). */
  sat_product_key: satProductKeySchema.nullable().default(null),
  visible: z.boolean('Indica si el artículo se muestra en la tienda.').default(true),
};
export const createStoreItemSchema = z.strictObject({
  ...itemFields,
  variants: z
    .array(variantInputSchema)
    .min(1, 'Agrega al menos una variante.')
    .max(50, 'Un artículo admite hasta 50 variantes.')
    .default([{}]),
});
export type CreateStoreItem = z.infer<typeof createStoreItemSchema>;
/** Item photos (ADR 0105): what a phone photo fits in after the browser shrinks it. */
export const STORE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const STORE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const STORE_PHOTOS_PER_ITEM = 4;
export const STORE_PHOTO_FIELD = 'photo';

export const updateStoreItemSchema = z
  .strictObject({
    name: itemFields.name.optional(),
    description: z
      .string()
      .trim()
      .max(1000, 'La descripción admite hasta 1000 caracteres.')
      .optional(),
    category_id: z.uuid('Elige una categoría válida.').nullable().optional(),
    price_centavos: positiveCentavosSchema.optional(),
    tax: storeTaxSchema.optional(),
    sat_product_key: satProductKeySchema.nullable().optional(),
    visible: z.boolean('Indica si el artículo se muestra en la tienda.').optional(),
    add_variants: z
      .array(variantInputSchema)
      .max(50, 'Un artículo admite hasta 50 variantes.')
      .optional(),
    /** The item's photo ids in their new order (all of them, each once): ADR 0105. */
    photo_order: z
      .array(z.uuid('Elige una foto válida.'))
      .max(STORE_PHOTOS_PER_ITEM, `Un artículo tiene como máximo ${STORE_PHOTOS_PER_ITEM} fotos.`)
      .optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Indica qué cambiar.');
export type UpdateStoreItem = z.infer<typeof updateStoreItemSchema>;

export const variantSchema = z.object({
  id: z.string(),
  size: z.string().nullable(),
  colour: z.string().nullable(),
  /** false: UNLIMITED (always sellable); true: counted (LIMITED). */
  limited: z.boolean(),
  on_hand: z.number().int(),
  reserved: z.number().int(),
  /** What can still be sold: null when unlimited. */
  available: z.number().int().nullable(),
});
export type Variant = z.infer<typeof variantSchema>;

/** «Talla 8 · Azul», or «Única» for a variant without size or colour (orders keep it). */
export const variantLabel = (v: { size: string | null; colour: string | null }) =>
  [v.size && `Talla ${v.size}`, v.colour].filter(Boolean).join(' · ') || 'Única';
export const storeItemSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  name: z.string(),
  description: z.string(),
  category: storeCategorySchema.nullable(),
  price_centavos: z.number().int(),
  tax: storeTaxSchema,
  /** Null: its tax kind's default key. */
  sat_product_key: z.string().nullable(),
  visible: z.boolean(),
  variants: z.array(variantSchema),
  /** The item's photos in order (the first is the catalogue's), each a URL that never changes. */
  photos: z.array(z.object({ id: z.string(), url: z.string() })),
});
export type StoreItem = z.infer<typeof storeItemSchema>;
export const storeItemListSchema = z.array(storeItemSchema);

/** The public face: visible items, and per variant only whether and how many can be bought. */
export const onlineStoreSchema = z.object({
  school_id: z.string(),
  items: z.array(
    storeItemSchema
      .omit({ visible: true, variants: true, school_id: true, sat_product_key: true })
      .extend({
        variants: z.array(
          variantSchema.pick({ id: true, size: true, colour: true, available: true }),
        ),
      }),
  ),
});
export type OnlineStore = z.infer<typeof onlineStoreSchema>;

export const stockLineSchema = z.strictObject({
  variant_id: z.uuid('Elige un artículo válido.'),
  quantity,
});
export type StockLine = z.infer<typeof stockLineSchema>;
export const stockLinesSchema = z
  .array(stockLineSchema, 'Indica los artículos.')
  .min(1, 'Agrega al menos un artículo.')
  .max(50, 'Un pedido admite hasta 50 líneas.')
  .refine(
    (lines) => new Set(lines.map((l) => l.variant_id)).size === lines.length,
    'Cada artículo va en una sola línea.',
  );
export const validateStockSchema = z.strictObject({ lines: stockLinesSchema });
export const stockCheckSchema = z.object({
  /** Every line can be sold. */
  ok: z.boolean(),
  lines: z.array(
    z.object({
      variant_id: z.string(),
      requested: z.number().int(),
      available: z.number().int().nullable(),
      can_sell: z.boolean(),
      /** Why not, in Spanish; null when it can. */
      message: z.string().nullable(),
    }),
  ),
});
export type StockCheck = z.infer<typeof stockCheckSchema>;

/** POST …/stock/: one movement on one variant's count. */
export const stockMovementInputSchema = z.strictObject({
  variant_id: z.uuid('Elige un artículo válido.'),
  kind: stockKindSchema,
  /** SUM/SUBTRACT: how many; SET_FIRST_TIME/UPDATE/LIMITED: the count; UNLIMITED: ignored. */
  quantity: z
    .number('Escribe la cantidad.')
    .int('La cantidad debe ser un número entero.')
    .min(0, 'La cantidad no puede ser negativa.')
    .max(100_000, 'La cantidad es demasiado grande.')
    .default(0),
  note: z.string().trim().max(200, 'La nota admite hasta 200 caracteres.').default(''),
});
export type StockMovementInput = z.infer<typeof stockMovementInputSchema>;
export const stockMovementSchema = z.object({
  id: z.string(),
  variant_id: z.string(),
  item_name: z.string(),
  variant_label: z.string(),
  kind: stockKindSchema,
  movement: z.enum(MOVEMENTS),
  quantity: z.number().int(),
  on_hand_after: z.number().int(),
  limited_after: z.boolean(),
  note: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;
export const stockHistorySchema = z.array(stockMovementSchema);
export const stockHistoryQuerySchema = z.object({
  variant_id: z.uuid('Elige un artículo válido.').optional(),
});

export const optionalOrderSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  guardian_id: z.string().nullable(),
  student_id: z.string().nullable(),
  buyer_email: z.string().nullable(),
  /** A guest's admissions lead, as the store's sign-up registered them (ADR 0092). */
  lead_id: z.string().nullable(),
  status: z.enum(OPTIONAL_ORDER_STATUSES),
  total_centavos: z.number().int(),
  /** Until when the stock stays reserved for a pending payment. */
  hold_until: z.string().nullable(),
  lines: z.array(
    z.object({
      variant_id: z.string(),
      item_name: z.string(),
      variant_label: z.string(),
      tax: storeTaxSchema,
      /** The ClaveProdServ in force when it was reserved; absent on orders from before. */
      sat_product_key: z.string().nullish(),
      unit_price_centavos: z.number().int(),
      quantity: z.number().int(),
    }),
  ),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type OptionalOrder = z.infer<typeof optionalOrderSchema>;
export const optionalOrderListSchema = z.array(optionalOrderSchema);
export const optionalOrderQuerySchema = z.object({
  status: z.enum(OPTIONAL_ORDER_STATUSES, 'Elige un estado válido.').optional(),
});
