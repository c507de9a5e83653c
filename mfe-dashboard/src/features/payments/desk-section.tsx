import { Route, Routes } from 'react-router';
import { DeskPaymentPage } from './components/desk-payment-page';

/** /dashboard/desk: cash and transfers received at the school's desk. */
export default function DeskSection() {
  return (
    <Routes>
      <Route index element={<DeskPaymentPage />} />
    </Routes>
  );
}
