import { Route, Routes } from 'react-router';
import { DueOrdersPage } from './components/due-orders-page';
import { DueStudentPage } from './components/due-student-page';

/** /dashboard/due/*: students with open orders and each one's detail. */
export default function DueOrdersSection() {
  return (
    <Routes>
      <Route index element={<DueOrdersPage />} />
      <Route path=":studentId" element={<DueStudentPage />} />
    </Routes>
  );
}
