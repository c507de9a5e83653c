import { Route, Routes } from 'react-router';
import { AdmissionsPage } from './components/admissions-page';

/** /dashboard/admissions/*: leads, applicants and inscriptions. */
export default function AdmissionsSection() {
  return (
    <Routes>
      <Route index element={<AdmissionsPage />} />
    </Routes>
  );
}
