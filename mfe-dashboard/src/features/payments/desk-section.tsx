import { Route, Routes } from 'react-router';
import { DeskLimitPage } from './components/desk-limit-page';
import { DeskPaymentPage } from './components/desk-payment-page';

/** /dashboard/desk: cash and transfers received at the school's desk, and its limit. */
export default function DeskSection() {
  return (
    <Routes>
      <Route index element={<DeskPaymentPage />} />
      <Route path="limit" element={<DeskLimitPage />} />
    </Routes>
  );
}
