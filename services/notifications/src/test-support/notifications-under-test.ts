// The package's `test-support` export (@cuota/notifications/test-support): notifications as
// other parts' tests meet it (the BFF's). Nothing else of its source is theirs to import.
export {
  SCHOOL_ID,
  startNotificationsTestSystem,
  type Family,
  type NotificationsTestSystem,
} from './notifications-test-system';
