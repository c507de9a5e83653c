import { Route, Routes } from 'react-router';
import { InvoicesPage } from './components/invoices-page';

/** /dashboard/invoices: the school's CFDIs. */
export default function InvoicingSection() {
  return (
    <Routes>
      <Route index element={<InvoicesPage />} />
    </Routes>
  );
}
