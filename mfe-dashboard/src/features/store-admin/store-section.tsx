import { Route, Routes } from 'react-router';
import { StorePage } from './components/store-page';

/** /dashboard/store/*: the school store's catalogue, stock, history and orders to deliver. */
export default function StoreSection() {
  return (
    <Routes>
      <Route index element={<StorePage />} />
    </Routes>
  );
}
