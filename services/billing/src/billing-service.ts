import path from 'node:path';
import type { ServiceConfig } from '@cuota/service-host/service-config';
import type { ServiceDefinition } from '@cuota/service-host/service-host';
import * as schema from './schema';
import { directorySubscriptions } from './students/directory-subscriptions';
import { GUARDIAN_NAMES_CONSUMER, guardianNameSubscriptions } from './guardians/guardian-names';
import { startGuardianNameBackfill } from './guardians/guardian-name-backfill';
import { studentDirectoryHandlers } from './students/student-directory-handlers';
import { conceptHandlers } from './concepts/concept-handlers';
import { billRunHandlers } from './bill-runs/bill-run-handlers';
import { orderHandlers } from './orders/order-handlers';
import { correctionHandlers } from './orders/correction-handlers';
import { specialChargeHandlers } from './special-charges/special-charge-handlers';
import { delinquencyHandlers } from './delinquency/delinquency-handlers';
import { monthFigureHandlers } from './figures/month-figures-handlers';
import { schoolOrderHandlers } from './orders/school-order-handlers';
import { dueOrderHandlers } from './due-orders/due-order-handlers';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import { scholarshipHandlers } from './scholarships/scholarship-handlers';
import { serveBillingRequests } from './requests/billing-responders';
import { PAYMENTS_CONSUMER, paymentsSubscriptions } from './payments/payments-consumer';
import { reportHandlers } from './reports/report-handlers';
import { monthCloseHandlers } from './reports/month-close-report-handlers';
import { internalReadHandlers } from './reports/internal-read-handlers';
import { subscriptionHandlers } from './subscriptions/subscription-handlers';
import { bulkJobHandlers } from './bulk-jobs/bulk-job-handlers';
import { startRunnerOf } from './bulk-jobs/bulk-job-runner';
import { startDueAggregateBuilder } from './due-orders/due-aggregate-builder';
import { itemPhotoHandlers } from './store/item-photo-handlers';
import { storeHandlers } from './store/store-handlers';
import { serveStoreRequests } from './store/store-responders';
import { storeHoldSweep } from './store/store-hold-sweep';

/** Durable name of billing's copy of enrolment's students: also its inbox key, never changes. */
export const STUDENT_DIRECTORY_CONSUMER = 'billing-enrolment-students';

/** Today's Mexico City date by the service's clock (tests pin it). */
export const todayOf = (config: ServiceConfig) => () =>
  mexicoCityDate(config.now?.() ?? new Date());

/** Billing: concepts, orders and bill runs; what is owed and what payments applied (ADR 0016). */
export const billingService: ServiceDefinition<typeof schema> = {
  name: 'billing',
  schema,
  // Resolves to services/billing/drizzle both from src/ (tests) and from dist/main.cjs.
  migrationsFolder: path.resolve(__dirname, '../drizzle'),
  streams: ['BILLING'],
  endpoints: ({ db, config, nc, ns }) => [
    ...studentDirectoryHandlers(db),
    ...conceptHandlers({ db, today: todayOf(config) }),
    ...billRunHandlers(db),
    ...orderHandlers({ db, today: todayOf(config) }),
    ...dueOrderHandlers({ db, today: todayOf(config) }),
    ...scholarshipHandlers(db),
    ...correctionHandlers({ db, today: todayOf(config) }),
    ...specialChargeHandlers(db),
    ...delinquencyHandlers({ db, today: todayOf(config) }),
    ...monthFigureHandlers({ db, today: todayOf(config) }),
    ...schoolOrderHandlers({ db, today: todayOf(config) }),
    ...subscriptionHandlers({ db, today: todayOf(config) }),
    ...reportHandlers({ db, today: todayOf(config) }),
    ...monthCloseHandlers({ db, today: todayOf(config), nc, ns }),
    ...internalReadHandlers({ db, today: todayOf(config) }),
    ...bulkJobHandlers(db),
    ...storeHandlers(db),
    ...itemPhotoHandlers(db),
  ],
  extras: async ({ db, config, nc, ns, logger }) => {
    const subscriptions = [
      ...serveBillingRequests({ db, today: todayOf(config) }, nc, ns, logger),
      ...serveStoreRequests(db, nc, ns, (err) => logger.error({ err }, 'store request failed')),
    ];
    await nc.flush(); // answering before start() returns
    // Massive assignments run here, in the background (ADR 0040).
    const stopRunner = startRunnerOf(db, (err) => logger.error({ err }, 'bulk job failed'));
    // Adeudos' per-day aggregates, built here rather than by a read (ADR 0048).
    const stopBuilder = startDueAggregateBuilder(db, todayOf(config), logger);
    const holdSweep = storeHoldSweep(db, logger, () => config.now?.() ?? new Date());
    holdSweep.start();
    // Names of guardians older than enrolment's stream, asked of enrolment (ADR 0095).
    const stopBackfill = startGuardianNameBackfill({ db, nc, ns }, logger);
    return async () => {
      await stopBackfill();
      await holdSweep.stop();
      await stopRunner();
      await stopBuilder();
      for (const s of subscriptions) s.unsubscribe();
      await nc.flush().catch(() => {});
    };
  },
  consumers: ({ logger, config }) => ({
    [STUDENT_DIRECTORY_CONSUMER]: directorySubscriptions(todayOf(config)),
    [PAYMENTS_CONSUMER]: paymentsSubscriptions(logger),
    [GUARDIAN_NAMES_CONSUMER]: guardianNameSubscriptions(),
  }),
};
