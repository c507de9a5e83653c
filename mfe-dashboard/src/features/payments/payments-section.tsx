import { Route, Routes } from 'react-router';
import { PayinDetailPage } from './components/payin-detail-page';
import { PayinsPage } from './components/payins-page';

/** /dashboard/payments/*: the school's payins and one payin. */
export default function PaymentsSection() {
  return (
    <Routes>
      <Route index element={<PayinsPage />} />
      <Route path=":payinId" element={<PayinDetailPage />} />
    </Routes>
  );
}
