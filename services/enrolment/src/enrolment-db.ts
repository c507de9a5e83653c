import type { ServiceContext } from '@cuota/service-host/service-host';
import type { Database } from '@cuota/service-runtime/db/database';
import type * as schema from './schema';

export type EnrolmentDb = Database<typeof schema>;
/** What enrolment's handlers, consumers and workers are given. */
export type EnrolmentContext = ServiceContext<typeof schema>;
