import { and, asc, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { preparedPerDatabase } from '@cuota/service-runtime/db/prepared';
import { gatewayNotifications } from '../schema';
import type { GatewaySale } from './kushki-shapes';

/** The only code that writes `gateway_notifications`. */

/**
 * Records a notification once per merchant, ticket and transaction type. False when it was already
 * recorded: a duplicate or replayed delivery, which changes nothing. A sale recorded with
 * `pendingSale` waits in the notice queue until `claimPendingSales` settles it (ADR 0111).
 */
export async function recordNotification(
  tx: Executor,
  n: {
    publicMerchantId: string;
    ticketNumber: string;
    transactionType: string;
    transactionStatus: string;
    payinId: string | null;
    pendingSale?: GatewaySale;
  },
): Promise<boolean> {
  const rows = await notificationInsert(tx).execute({
    ...n,
    // Without a sale, SQL NULL (not JSON null): nothing queued (jsonb's encoder would say null).
    pendingSale: n.pendingSale ? JSON.stringify(n.pendingSale) : null,
  });
  return rows.length > 0;
}

const p = sql.placeholder;

/** Built once per database: every webhook of issue 18's burst records its notice. */
const notificationInsert = preparedPerDatabase((db: Executor) =>
  db
    .insert(gatewayNotifications)
    .values({
      publicMerchantId: p('publicMerchantId'),
      ticketNumber: p('ticketNumber'),
      transactionType: p('transactionType'),
      transactionStatus: p('transactionStatus'),
      payinId: p('payinId'),
      pendingSale: sql`${p('pendingSale')}::jsonb`,
    })
    .onConflictDoNothing({
      target: [
        gatewayNotifications.publicMerchantId,
        gatewayNotifications.ticketNumber,
        gatewayNotifications.transactionType,
      ],
    })
    .returning({ id: gatewayNotifications.id })
    .prepare('payments_record_notification'),
);

export interface PendingSale {
  id: number;
  publicMerchantId: string;
  payinId: string;
  receivedAt: Date;
  sale: GatewaySale;
}

/**
 * Takes up to `limit` recorded sales off the queue, oldest first, in one statement: their
 * rows are locked (another settler skips them) and marked settled in the caller's
 * transaction, so they are settled with it or, rolled back, stay queued; `skip`: not those.
 */
export async function claimPendingSales(
  tx: Executor,
  limit: number,
  skip: number[] = [],
): Promise<PendingSale[]> {
  const n = gatewayNotifications;
  const queued = tx.$with('queued').as(
    tx
      .select({ id: n.id, sale: n.pendingSale })
      .from(n)
      .where(and(isNotNull(n.pendingSale), skip.length ? notInArray(n.id, skip) : undefined))
      .orderBy(asc(n.id))
      .limit(limit)
      .for('update', { skipLocked: true }),
  );
  const rows = await tx
    .with(queued)
    .update(n)
    .set({ pendingSale: null })
    .from(queued)
    .where(eq(n.id, queued.id))
    .returning({
      id: n.id,
      publicMerchantId: n.publicMerchantId,
      payinId: n.payinId,
      receivedAt: n.receivedAt,
      sale: queued.sale,
    });
  return rows
    .filter((r): r is PendingSale => r.payinId !== null && r.sale !== null)
    .sort((a, b) => a.id - b.id);
}
