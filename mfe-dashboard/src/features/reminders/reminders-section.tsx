import { RemindersPage } from './components/reminders-page';

/** /dashboard/reminders: when families are reminded of their payments, and what was sent. */
export default function RemindersSection() {
  return <RemindersPage />;
}
