import { and, asc, eq, exists, sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { preparedPerDatabase } from '@cuota/service-runtime/db/prepared';
import {
  gatewayCredentials,
  gatewayNotifications,
  schools,
  type GatewayEnvironment,
} from '../schema';
import type { SecretBox } from '../secrets/secret-box';

/** The only code that reads or writes `gateway_credentials`; secrets go in and out sealed. */

export interface MerchantCredentials {
  schoolId: string;
  environment: GatewayEnvironment;
  /** Kushki's merchant id (X-Kushki-Key of its webhooks); null until the school gives it. */
  merchantId: string | null;
  publicMerchantId: string;
  privateMerchantId: string;
  webhookSecret: string;
}

const contextOf = (schoolId: string, environment: string, field: string) =>
  `${schoolId}:${environment}:${field}`;

export async function saveMerchantCredentials(
  tx: Executor,
  box: SecretBox,
  c: MerchantCredentials,
): Promise<void> {
  const values = {
    schoolId: c.schoolId,
    environment: c.environment,
    merchantId: c.merchantId,
    publicMerchantId: c.publicMerchantId,
    privateMerchantIdSealed: box.seal(
      c.privateMerchantId,
      contextOf(c.schoolId, c.environment, 'private_merchant_id'),
    ),
    webhookSecretSealed: box.seal(
      c.webhookSecret,
      contextOf(c.schoolId, c.environment, 'webhook_secret'),
    ),
    updatedAt: new Date(),
  };
  const { schoolId: _s, environment: _e, ...changes } = values;
  await tx
    .insert(gatewayCredentials)
    .values(values)
    .onConflictDoUpdate({
      target: [gatewayCredentials.schoolId, gatewayCredentials.environment],
      set: changes,
    });
}

export async function merchantOfSchool(
  db: Executor,
  box: SecretBox,
  schoolId: string,
  environment: GatewayEnvironment,
): Promise<MerchantCredentials | null> {
  const [row] = await db
    .select()
    .from(gatewayCredentials)
    .where(
      and(
        eq(gatewayCredentials.schoolId, schoolId),
        eq(gatewayCredentials.environment, environment),
      ),
    );
  return row ? opened(box, row) : null;
}

/**
 * The merchant the school's card payments use now, in one statement: `use_kushki_sandbox`
 * picks the environment, and a school payments has not heard of yet is sandbox (no real
 * card is ever charged by default). Null when the school has none there.
 */
export async function currentMerchantOfSchool(
  db: Executor,
  box: SecretBox,
  schoolId: string,
): Promise<MerchantCredentials | null> {
  const [row] = await currentMerchant(db).execute({ schoolId });
  return row ? opened(box, row.credentials) : null;
}

const p = sql.placeholder;

/** The school's merchant in the environment `use_kushki_sandbox` picks (sandbox by default). */
const currentOf = (schoolId: string | SQLWrapper) =>
  and(
    eq(gatewayCredentials.schoolId, schoolId),
    eq(
      gatewayCredentials.environment,
      sql`CASE WHEN ${schools.useKushkiSandbox} IS FALSE THEN 'production' ELSE 'sandbox' END`,
    ),
  );

/** Built once per database: every checkout of issue 18's burst reads it. */
const currentMerchant = preparedPerDatabase((db: Executor) =>
  db
    .select({ credentials: gatewayCredentials })
    .from(gatewayCredentials)
    .leftJoin(schools, eq(schools.schoolId, gatewayCredentials.schoolId))
    .where(currentOf(p('schoolId')))
    .prepare('payments_current_merchant'),
);

/** A merchant's row, its secrets still sealed (open it with `openedCredentials`). */
export type SealedCredentials = Pick<
  typeof gatewayCredentials.$inferSelect,
  | 'schoolId'
  | 'environment'
  | 'merchantId'
  | 'publicMerchantId'
  | 'privateMerchantIdSealed'
  | 'webhookSecretSealed'
>;

/**
 * currentMerchantOfSchool as a scalar subquery (its row as JSON, null when none), to read
 * beside others: a card checkout's opening read (issue 18, one round trip fewer).
 */
export const currentMerchantSql = (db: Executor, schoolId: string | SQLWrapper) => {
  const c = gatewayCredentials;
  return sql<SealedCredentials | null>`(${db
    .select({
      json: sql`json_build_object('schoolId', ${c.schoolId}, 'environment', ${c.environment},
        'merchantId', ${c.merchantId}, 'publicMerchantId', ${c.publicMerchantId},
        'privateMerchantIdSealed', ${c.privateMerchantIdSealed},
        'webhookSecretSealed', ${c.webhookSecretSealed})`,
    })
    .from(c)
    .leftJoin(schools, eq(schools.schoolId, c.schoolId))
    .where(currentOf(schoolId))})`;
};

export const openedCredentials = (box: SecretBox, row: SealedCredentials): MerchantCredentials =>
  opened(box, row);

/** The merchant a webhook names in X-Kushki-Key: Kushki's merchant id. */
export async function merchantByKushkiId(
  db: Executor,
  box: SecretBox,
  merchantId: string,
): Promise<MerchantCredentials | null> {
  return (await merchantHearing(db, box, merchantId, null))?.merchant ?? null;
}

/** A notification as it is recorded once: its ticket and transaction type. */
export interface NoticeKey {
  ticketNumber: string;
  transactionType: string;
}

/**
 * The merchant of X-Kushki-Key and whether it already recorded `notice`, in one statement:
 * Kushki redelivers a webhook answered late (a burst's ~3 times), and a redelivery then costs
 * this look-up alone instead of a transaction that finds the ticket taken (issue 18).
 */
export async function merchantHearing(
  db: Executor,
  box: SecretBox,
  merchantId: string,
  notice: NoticeKey | null,
): Promise<{ merchant: MerchantCredentials; recorded: boolean } | null> {
  const [row] = await hearing(db).execute({
    merchantId,
    ticketNumber: notice?.ticketNumber ?? null,
    transactionType: notice?.transactionType ?? null,
  });
  return row ? { merchant: opened(box, row.credentials), recorded: row.recorded } : null;
}

/** Built once per database: every webhook of issue 18's burst reads it; no notice: false. */
const hearing = preparedPerDatabase((db: Executor) => {
  const n = gatewayNotifications;
  // Conditions through eq(): they qualify their columns (a column in sql`` is left bare).
  const recorded = sql<boolean>`${exists(
    db
      .select({ one: sql`1` })
      .from(n)
      .where(
        and(
          eq(n.publicMerchantId, gatewayCredentials.publicMerchantId),
          eq(n.ticketNumber, p('ticketNumber')),
          eq(n.transactionType, p('transactionType')),
        ),
      ),
  )}`;
  return db
    .select({ credentials: gatewayCredentials, recorded })
    .from(gatewayCredentials)
    .where(eq(gatewayCredentials.merchantId, p('merchantId')))
    .prepare('payments_merchant_hearing');
});

function opened(box: SecretBox, row: SealedCredentials): MerchantCredentials {
  return {
    schoolId: row.schoolId,
    environment: row.environment,
    merchantId: row.merchantId,
    publicMerchantId: row.publicMerchantId,
    privateMerchantId: box.open(
      row.privateMerchantIdSealed,
      contextOf(row.schoolId, row.environment, 'private_merchant_id'),
    ),
    webhookSecret: box.open(
      row.webhookSecretSealed,
      contextOf(row.schoolId, row.environment, 'webhook_secret'),
    ),
  };
}

/**
 * The schools' merchants as operators see them (ADR 0045): never the sealed columns, so no
 * secret is opened to answer.
 */
export function credentialsForOperators(db: Executor, schoolId?: string) {
  return db
    .select({
      schoolId: gatewayCredentials.schoolId,
      environment: gatewayCredentials.environment,
      merchantId: gatewayCredentials.merchantId,
      publicMerchantId: gatewayCredentials.publicMerchantId,
      updatedAt: gatewayCredentials.updatedAt,
    })
    .from(gatewayCredentials)
    .where(schoolId ? eq(gatewayCredentials.schoolId, schoolId) : undefined)
    .orderBy(asc(gatewayCredentials.schoolId), asc(gatewayCredentials.environment));
}
export type OperatorCredential = Awaited<ReturnType<typeof credentialsForOperators>>[number];
