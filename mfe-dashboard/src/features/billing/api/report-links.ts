import { exportReportsZip } from '@cuota/contracts/billing/endpoints/reports';
import { endpointUrl } from '@cuota/web-core/api/endpoint-request';

/** Every report of the school in one ZIP: a GET, so a plain link downloads it. */
export const reportsZipUrl = (schoolId: string) =>
  endpointUrl(exportReportsZip, { params: {}, query: { school_id: schoolId } });
