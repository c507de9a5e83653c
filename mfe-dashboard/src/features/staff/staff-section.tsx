import { Route, Routes } from 'react-router';
import { StaffPage } from './components/staff-page';

/** /dashboard/staff/*: the school's staff, their roles and permissions. */
export default function StaffSection() {
  return (
    <Routes>
      <Route index element={<StaffPage />} />
    </Routes>
  );
}
