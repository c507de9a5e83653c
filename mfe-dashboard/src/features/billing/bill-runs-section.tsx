import { Route, Routes } from 'react-router';
import { BillRunPage } from './components/bill-run-page';

/** /dashboard/bill-runs: a concept's orders for a period, for every eligible student. */
export default function BillRunsSection() {
  return (
    <Routes>
      <Route index element={<BillRunPage />} />
    </Routes>
  );
}
