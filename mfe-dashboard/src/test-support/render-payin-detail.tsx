import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { PayinDetailView } from '../features/payments/components/payin-detail-page';

/** The payment detail of `payinFixture`'s payin (payin-1 of school-1), seen by one staff role. */
export function renderPayinDetail(role: StaffRole) {
  renderWithProviders(<PayinDetailView schoolId="school-1" payinId="payin-1" />, {
    url: '/dashboard/payments/payin-1',
    path: '/dashboard/payments/:payinId',
    session: staffSession({ memberships: [{ school_id: 'school-1', role }] }),
  });
}
