import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { fiscalEntities } from '../schema';

/** The only code that touches `fiscal_entities`: the school as emisor and its sealed CSD. */
export type FiscalEntityRow = typeof fiscalEntities.$inferSelect;
export type FiscalEntityValues = Omit<FiscalEntityRow, 'nextFolio' | 'updatedAt'>;

/** Creates or replaces the school's data and CSD; the folio counter is never moved back. */
export async function saveFiscalEntityRow(
  tx: Executor,
  values: FiscalEntityValues,
): Promise<FiscalEntityRow> {
  const { schoolId: _key, ...changes } = values;
  const [row] = await tx
    .insert(fiscalEntities)
    .values(values)
    .onConflictDoUpdate({
      target: fiscalEntities.schoolId,
      set: { ...changes, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function fiscalEntityOf(
  db: Executor,
  schoolId: string,
): Promise<FiscalEntityRow | undefined> {
  const [row] = await db.select().from(fiscalEntities).where(eq(fiscalEntities.schoolId, schoolId));
  return row;
}

/** The school's next folio, taken for good (a row lock serialises the school's invoices). */
export async function takeFolio(
  tx: Executor,
  schoolId: string,
): Promise<{ series: string; folio: string } | undefined> {
  const [row] = await tx
    .update(fiscalEntities)
    .set({ nextFolio: sql`${fiscalEntities.nextFolio} + 1` })
    .where(eq(fiscalEntities.schoolId, schoolId))
    .returning({ series: fiscalEntities.series, next: fiscalEntities.nextFolio });
  return row && { series: row.series, folio: String(row.next - 1) };
}
