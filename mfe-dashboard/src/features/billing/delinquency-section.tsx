import { DelinquencyPage } from './components/delinquency-page';

/** /dashboard/delinquency: overdue money by age, level and group. */
export default function DelinquencySection() {
  return <DelinquencyPage />;
}
