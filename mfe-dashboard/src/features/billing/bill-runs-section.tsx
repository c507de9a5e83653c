import { Route, Routes } from 'react-router';
import { BillRunPage } from './components/bill-run-page';
import { MassiveJobsPage } from './components/massive-jobs-page';

/**
 * /dashboard/bill-runs: a concept's orders for a period, for every eligible student; /masivos:
 * massive assignments, disassignments and scholarships for the students chosen (ADR 0040).
 */
export default function BillRunsSection() {
  return (
    <Routes>
      <Route index element={<BillRunPage />} />
      <Route path="masivos" element={<MassiveJobsPage />} />
    </Routes>
  );
}
