import {
  guardianAudience,
  guardianFiltersMetadata,
} from '@cuota/contracts/notifications/communications';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import type { NotificationsDb } from '../notifications-db';
import { audienceCounts, audiencePage } from './guardian-audience-repository';

/**
 * The spec's communications rows: whom a school can write to. The school is the query's or
 * the body's, checked by each endpoint's access (another school: 404).
 */
export function communicationsHandlers(db: NotificationsDb, now: () => Date) {
  return [
    implement(guardianFiltersMetadata, async ({ query }) => {
      const counts = await audienceCounts(db, query.school_id, mexicoCityDate(now()));
      return {
        school_id: query.school_id,
        guardians: counts.guardians,
        channels: [
          { value: 'MAIL' as const, label: 'Correo', guardians: counts.mail },
          { value: 'WHATSAPP' as const, label: 'WhatsApp', guardians: counts.whatsapp },
        ],
        debts: [
          { value: 'overdue' as const, label: 'Con adeudo vencido', guardians: counts.overdue },
          {
            value: 'up_to_date' as const,
            label: 'Al corriente',
            guardians: counts.guardians - counts.overdue,
          },
        ],
      };
    }),
    implement(guardianAudience, async ({ body }) => {
      const { count, rows } = await audiencePage(db, mexicoCityDate(now()), body);
      return { count, page: body.page, page_size: body.page_size, results: rows };
    }),
  ];
}
