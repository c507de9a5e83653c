import { Route, Routes } from 'react-router';
import { SchoolGuardiansPage } from './components/school-guardians-page';
import { StudentDetailPage } from './components/student-detail-page';
import { StudentsListPage } from './components/students-list-page';

/** /dashboard/students/*: the list, each student's page, and the school's guardians. */
export default function StudentsSection() {
  return (
    <Routes>
      <Route index element={<StudentsListPage />} />
      <Route path="guardians" element={<SchoolGuardiansPage />} />
      <Route path=":id" element={<StudentDetailPage />} />
    </Routes>
  );
}
