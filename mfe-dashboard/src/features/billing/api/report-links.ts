import { exportReportsZip } from '@cuota/contracts/billing/endpoints/reports';
import { exportSchoolFulfillmentsV2 } from '@cuota/contracts/billing/endpoints/school-orders';
import { endpointUrl } from '@cuota/web-core/api/endpoint-request';

/** Every report of the school in one ZIP: a GET, so a plain link downloads it. */
export const reportsZipUrl = (schoolId: string) =>
  endpointUrl(exportReportsZip, { params: {}, query: { school_id: schoolId } });

/** The school's open orders, one row each with level, month and every adjustment (xls_v2). */
export const openOrdersExcelUrl = (schoolId: string) =>
  endpointUrl(exportSchoolFulfillmentsV2, {
    params: { id: schoolId },
    query: { status: 'open' },
  });
