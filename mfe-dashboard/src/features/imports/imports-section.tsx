import { Route, Routes } from 'react-router';
import { ImportsPage } from './components/imports-page';

/** /dashboard/imports/*: student import with progress and error report. */
export default function ImportsSection() {
  return (
    <Routes>
      <Route index element={<ImportsPage />} />
    </Routes>
  );
}
