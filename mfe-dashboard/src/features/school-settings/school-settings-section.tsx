import { Route, Routes } from 'react-router';
import { SchoolSettingsPage } from './components/school-settings-page';

/** /dashboard/settings/*: the school's own data. */
export default function SchoolSettingsSection() {
  return (
    <Routes>
      <Route index element={<SchoolSettingsPage />} />
    </Routes>
  );
}
