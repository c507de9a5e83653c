import { Route, Routes } from 'react-router';
import { BankAccountsPage } from './components/bank-accounts-page';
import { CashClosingPage } from './components/cash-closing-page';
import { PayinDetailPage } from './components/payin-detail-page';
import { PayinsPage } from './components/payins-page';
import { PayoutDetailPage } from './components/payout-detail-page';
import { PayoutsPage } from './components/payouts-page';

/** /dashboard/payments/*: the school's payins, one payin, the corte de caja, bank accounts, payouts. */
export default function PaymentsSection() {
  return (
    <Routes>
      <Route index element={<PayinsPage />} />
      <Route path="cash-closing" element={<CashClosingPage />} />
      <Route path="bank-accounts" element={<BankAccountsPage />} />
      <Route path="payouts" element={<PayoutsPage />} />
      <Route path="payouts/:payoutId" element={<PayoutDetailPage />} />
      <Route path=":payinId" element={<PayinDetailPage />} />
    </Routes>
  );
}
