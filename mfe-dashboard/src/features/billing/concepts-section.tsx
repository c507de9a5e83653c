import { Route, Routes } from 'react-router';
import { ConceptsPage } from './components/concepts-page';

/** /dashboard/concepts: the school's charge concepts. */
export default function ConceptsSection() {
  return (
    <Routes>
      <Route index element={<ConceptsPage />} />
    </Routes>
  );
}
