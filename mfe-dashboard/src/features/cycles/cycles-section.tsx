import { Route, Routes } from 'react-router';
import { CyclesPage } from './components/cycles-page';

/** /dashboard/cycles/*: school years, their creation and activation. */
export default function CyclesSection() {
  return (
    <Routes>
      <Route index element={<CyclesPage />} />
    </Routes>
  );
}
