import {
  getReminderSchedule,
  saveReminderSchedule,
  schoolNotifications,
} from '@cuota/contracts/notifications/endpoints';
import type {
  DeliveryState,
  NotificationChannel,
  SaveReminderSchedule,
} from '@cuota/contracts/notifications/entities';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

export const SENT_NOTIFICATIONS_PAGE_SIZE = 25;

export interface SentNotificationFilters {
  page: number;
  state?: DeliveryState;
  channel?: NotificationChannel;
  search?: string;
}

/** Recordatorios: when the school's families are reminded, and what was sent to whom. */
export const remindersApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['ReminderSchedule'] })
  .injectEndpoints({
    endpoints: (build) => ({
      reminderSchedule: build.query({
        ...fromEndpoint(getReminderSchedule, (schoolId: string) => ({ params: { schoolId } })),
        providesTags: ['ReminderSchedule'],
      }),
      saveReminderSchedule: build.mutation({
        ...fromEndpoint(
          saveReminderSchedule,
          ({ schoolId, schedule }: { schoolId: string; schedule: SaveReminderSchedule }) => ({
            params: { schoolId },
            body: schedule,
          }),
        ),
        invalidatesTags: ['ReminderSchedule'],
      }),
      sentNotifications: build.query({
        ...fromEndpoint(
          schoolNotifications,
          ({ schoolId, filters }: { schoolId: string; filters: SentNotificationFilters }) => ({
            params: { schoolId },
            query: { ...filters, page_size: SENT_NOTIFICATIONS_PAGE_SIZE },
          }),
        ),
      }),
    }),
  });

export const {
  useReminderScheduleQuery,
  useSaveReminderScheduleMutation,
  useSentNotificationsQuery,
} = remindersApi;
