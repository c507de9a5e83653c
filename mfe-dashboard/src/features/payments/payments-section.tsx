import { Route, Routes } from 'react-router';
import { BankAccountsPage } from './components/bank-accounts-page';
import { CashClosingPage } from './components/cash-closing-page';
import { PayinDetailPage } from './components/payin-detail-page';
import { PayinsPage } from './components/payins-page';

/** /dashboard/payments/*: the school's payins, one payin, the corte de caja, bank accounts. */
export default function PaymentsSection() {
  return (
    <Routes>
      <Route index element={<PayinsPage />} />
      <Route path="cash-closing" element={<CashClosingPage />} />
      <Route path="bank-accounts" element={<BankAccountsPage />} />
      <Route path=":payinId" element={<PayinDetailPage />} />
    </Routes>
  );
}
