import { MonthClosePage } from './components/month-close-page';

/** /dashboard/month-close: the month's close for the accountant, on screen and as files. */
export default function MonthCloseSection() {
  return <MonthClosePage />;
}
