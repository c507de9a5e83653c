import { familyOnly, familyOrStaff, staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  rejectTransferSchema,
  reportTransferSchema,
  transferReportListQuerySchema,
  transferReportListSchema,
  transferReportSchema,
} from '../transfer-reports';
import { FAMILY_READ_PATHS } from '@cuota/contracts/http/family-read-paths';

/**
 * Transfers a family reports and staff confirm or reject (ADR 0036): a pending TRANSFER_IN
 * payin with the family's proof; confirmed, it pays like a desk payment.
 */
const UNKNOWN_REPORT = 'No encontramos este pago reportado.';
const reports = { domain: 'payments', notFound: UNKNOWN_REPORT } as const;

export const reportTransfer = defineEndpoint({
  ...reports,
  name: 'payments.transfers.report',
  method: 'POST',
  path: '/api/v1/schools/{school}/payins/{payin}/report-as-paid/',
  surface: 'portal',
  spec: 'spec',
  access: familyOnly(),
  summary: 'Reportar una transferencia como pagada (la escuela la confirma)',
  params: uuidParams('school', 'payin'),
  body: reportTransferSchema,
  response: transferReportSchema,
  status: 201,
  idempotencyKey: 'required',
});

export const uploadProofOfPayment = defineEndpoint({
  ...reports,
  name: 'payments.transfers.upload-proof',
  method: 'PUT',
  path: '/api/v1/schools/{school}/payins/{payin}/upload-proof-of-payment/',
  surface: 'portal',
  spec: 'spec',
  access: familyOnly(),
  summary: 'Subir el comprobante (PDF, JPG o PNG, hasta 5 MB) de una transferencia reportada',
  params: uuidParams('school', 'payin'),
  bodyType: 'multipart',
  response: transferReportSchema,
});

export const deleteTransferReport = defineEndpoint({
  ...reports,
  name: 'payments.transfers.delete',
  method: 'DELETE',
  path: '/api/v1/schools/{school}/payins/{payin}/',
  surface: 'portal',
  spec: 'spec',
  access: familyOnly(),
  summary: 'Eliminar una transferencia reportada que la escuela aún no revisa',
  params: uuidParams('school', 'payin'),
  status: 204,
  produces: 'none',
});

export const listTransferReports = defineEndpoint({
  ...reports,
  name: 'payments.transfers.list',
  method: 'GET',
  path: FAMILY_READ_PATHS.transferReports,
  surface: 'portal',
  spec: { capability: 'Transferencias reportadas: las de la familia, o todas para la escuela.' },
  access: familyOrStaff('payments.read'),
  summary: 'Transferencias reportadas por las familias',
  params: uuidParams('id'),
  query: transferReportListQuerySchema,
  response: transferReportListSchema,
});

export const proofOfPayment = defineEndpoint({
  ...reports,
  name: 'payments.transfers.proof',
  method: 'GET',
  path: '/api/v1/schools/{school}/payins/{payin}/proof-of-payment/',
  surface: 'portal',
  spec: { capability: 'El comprobante que la familia subió (PDF o imagen).' },
  access: familyOrStaff('payments.read'),
  summary: 'Ver el comprobante de una transferencia reportada',
  params: uuidParams('school', 'payin'),
  produces: 'pdf',
});

export const confirmTransfer = defineEndpoint({
  ...reports,
  name: 'payments.transfers.confirm',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/payins/{payin}/confirm-transfer/',
  surface: 'dashboard',
  spec: { capability: 'Confirmar una transferencia reportada: se aplica como pago de caja.' },
  access: staffOnly('payments.collect'),
  summary: 'Confirmar que la transferencia reportada llegó',
  params: uuidParams('id', 'payin'),
  response: transferReportSchema,
});

export const rejectTransfer = defineEndpoint({
  ...reports,
  name: 'payments.transfers.reject',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/payins/{payin}/reject-transfer/',
  surface: 'dashboard',
  spec: { capability: 'Rechazar una transferencia reportada que no llegó, con su motivo.' },
  access: staffOnly('payments.collect'),
  summary: 'Rechazar una transferencia reportada',
  params: uuidParams('id', 'payin'),
  body: rejectTransferSchema,
  response: transferReportSchema,
});

export const TRANSFER_REPORT_ENDPOINTS = [
  reportTransfer,
  uploadProofOfPayment,
  deleteTransferReport,
  listTransferReports,
  proofOfPayment,
  confirmTransfer,
  rejectTransfer,
] as const;
