import { formatPesos } from '@cuota/documents/money-format';
import { connectNats } from '@cuota/messaging/nats-connection';
import { createDatabase } from '@cuota/service-runtime/db/database';
import { BillingClient } from './billing/billing-client';
import * as schema from './schema';
import { checkLedger } from './ledger/ledger-check';

/**
 * `npm run ledger:check`: proves every ledger transaction balances and each school's
 * receivable equals billing's open amounts. DATABASE_URL is payments' database; NATS_URL
 * and NATS_PREFIX choose the system (`npm start`: the defaults). Exit code 1 on a mismatch.
 */
async function main(): Promise<void> {
  const db = createDatabase(
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cuota_payments',
    schema,
    2,
  );
  const nc = await connectNats(process.env.NATS_URL ?? 'nats://127.0.0.1:4222', 'ledger-check');
  try {
    const report = await checkLedger(
      db,
      new BillingClient(nc, { prefix: process.env.NATS_PREFIX ?? '' }),
    );
    console.log(
      report.balanced
        ? `Las ${report.transactions} transacciones contables cuadran.`
        : 'HAY TRANSACCIONES QUE NO CUADRAN (o sin asientos).',
    );
    for (const s of report.schools)
      console.log(
        `${s.ledger_centavos === s.billing_centavos ? 'ok ' : 'MAL'}  escuela ${s.school_id}  ` +
          `por cobrar en el libro ${formatPesos(s.ledger_centavos)}  en cobranza ${formatPesos(s.billing_centavos)}`,
      );
    if (!report.schools.length) console.log('Ninguna escuela tiene cuentas por cobrar todavía.');
    process.exitCode = report.ok ? 0 : 1;
  } finally {
    await nc.drain();
    await db.$client.end();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
