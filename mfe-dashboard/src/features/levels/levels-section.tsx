import { Route, Routes } from 'react-router';
import { LevelsPage } from './components/levels-page';

/** /dashboard/levels/*: the levels the school offers and their groups. */
export default function LevelsSection() {
  return (
    <Routes>
      <Route index element={<LevelsPage />} />
    </Routes>
  );
}
