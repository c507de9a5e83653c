import { Route, Routes } from 'react-router';
import { FiscalEntitiesPage } from './components/fiscal-entities-page';

/** /dashboard/fiscal: the school's razones sociales and their CSD. */
export default function FiscalSection() {
  return (
    <Routes>
      <Route index element={<FiscalEntitiesPage />} />
    </Routes>
  );
}
