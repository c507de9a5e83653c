import {
  exportMonthCloseExcel,
  exportMonthClosePdf,
  getMonthClose,
} from '@cuota/contracts/billing/endpoints/month-close-report';
import { baseApi } from '@cuota/web-core/api/base-api';
import { endpointUrl, fromEndpoint } from '@cuota/web-core/api/endpoint-request';

interface MonthOf {
  schoolId: string;
  /** Without one, the server's current month. */
  month?: string;
}

/** Cierre de mes (issue 23): the figures on screen, the files from the same endpoint's twins. */
export const monthCloseApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    monthClose: build.query({
      ...fromEndpoint(getMonthClose, ({ schoolId, month }: MonthOf) => ({
        params: { id: schoolId },
        query: month ? { month } : {},
      })),
    }),
  }),
});

export const { useMonthCloseQuery } = monthCloseApi;

export type CloseFormat = 'xlsx' | 'pdf';
const FILES = { xlsx: exportMonthCloseExcel, pdf: exportMonthClosePdf } as const;

export class DownloadFailed extends Error {
  readonly status: number;
  readonly data: unknown;
  constructor(status: number, data: unknown) {
    super(`HTTP ${status}`);
    this.status = status;
    this.data = data;
  }
}

/**
 * Fetches the close as a file and saves it: fetched rather than linked, so the page can say
 * it is being prepared (a large school's close takes a few seconds) and show a refusal.
 */
export async function downloadMonthClose(schoolId: string, month: string, format: CloseFormat) {
  const url = endpointUrl(FILES[format], { params: { id: schoolId }, query: { month } });
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new DownloadFailed(res.status, await res.json().catch(() => undefined));
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await res.blob());
  link.download = `cierre-${month}.${format}`;
  link.click();
  URL.revokeObjectURL(link.href);
}
