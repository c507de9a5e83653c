import { and, asc, eq, getTableColumns, isNotNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '@cuota/messaging/transaction';
import { coalesced } from '@cuota/service-runtime/db/coalesced';
import { preparedPerDatabase } from '@cuota/service-runtime/db/prepared';
import { jsonRecords } from '../json-records-sql';
import { gatewayNotifications } from '../schema';
import type { GatewaySale } from './kushki-shapes';

/** The only code that writes `gateway_notifications`. */

type Notice = {
  publicMerchantId: string;
  ticketNumber: string;
  transactionType: string;
  transactionStatus: string;
  payinId: string | null;
  pendingSale?: GatewaySale;
};

/**
 * Records a notification once per merchant, ticket and transaction type. False when it was already
 * recorded: a duplicate or replayed delivery, which changes nothing. A sale recorded with
 * `pendingSale` waits in the notice queue until `claimPendingSales` settles it (ADR 0111).
 */
export async function recordNotification(tx: Executor, n: Notice): Promise<boolean> {
  const [fresh] = await notificationsRecorded(tx, [n]);
  return fresh!;
}

/**
 * `recordNotification` on its own statement (no transaction), written together with the
 * other deliveries arriving meanwhile (`coalesced`; issue 18's burst: one statement per
 * sale webhook was a socket write each).
 */
export const recordNotificationAmongOthers = (db: Executor, n: Notice): Promise<boolean> =>
  noticeBatches(db)(n);

const noticeBatches = preparedPerDatabase((db: Executor) =>
  coalesced((notices: Notice[]) => notificationsRecorded(db, notices)),
);

/** Per notice, whether it was recorded now; of two deliveries of one ticket, the first. */
async function notificationsRecorded(db: Executor, notices: Notice[]): Promise<boolean[]> {
  const rows = await notificationsInsert(db).execute({
    notices: jsonRecords(gatewayNotifications, notices),
  });
  const inserted = new Set(rows.map(noticeKey));
  return notices.map((n) => inserted.delete(noticeKey(n)));
}

const noticeKey = (n: Pick<Notice, 'publicMerchantId' | 'ticketNumber' | 'transactionType'>) =>
  `${n.publicMerchantId} ${n.ticketNumber} ${n.transactionType}`;

const p = sql.placeholder;

/**
 * Built once per database: every webhook of issue 18's burst records its notice. The
 * notices come as `jsonRecords`, where the sale (jsonb) is a JSON string: read back as jsonb,
 * and SQL NULL without one.
 */
const notificationsInsert = preparedPerDatabase((db: Executor) => {
  const n = gatewayNotifications;
  const named = (c: PgColumn): SQL => sql`${sql.identifier(c.name)}`;
  const list = (columns: PgColumn[], each = named) => sql.join(columns.map(each), sql`, `);
  const columns = [
    n.publicMerchantId,
    n.ticketNumber,
    n.transactionType,
    n.transactionStatus,
    n.payinId,
    n.pendingSale,
  ];
  const read = (c: PgColumn) =>
    c === n.pendingSale ? sql`(${named(c)} #>> '{}')::jsonb` : named(c);
  const inserted = db.$with('inserted', getTableColumns(n)).as(
    sql`INSERT INTO ${n} (${list(columns)})
        SELECT ${list(columns, read)}
          FROM jsonb_populate_recordset(NULL::${n}, ${p('notices')}::jsonb)
        ON CONFLICT (${list([n.publicMerchantId, n.ticketNumber, n.transactionType])})
        DO NOTHING RETURNING *`,
  );
  return db.with(inserted).select().from(inserted).prepare('payments_record_notifications');
});

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
