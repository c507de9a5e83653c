import {
  importErrors,
  importStudents,
  importTemplate,
  listImports,
  readImport,
} from '@cuota/contracts/enrolment/endpoints/imports';
import type { ImportFormat } from '@cuota/contracts/enrolment/student-import';
import { baseApi } from '@cuota/web-core/api/base-api';
import { endpointUrl, fromEndpoint } from '@cuota/web-core/api/endpoint-request';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['ImportJobs'] });
const JOBS = [{ type: 'ImportJobs' as const, id: 'list' }];

/** Plain links (the browser downloads with the session cookie): template and error report. */
export const templateUrl = (schoolId: string, format: ImportFormat) =>
  endpointUrl(importTemplate, { params: {}, query: { school_id: schoolId, format } });
export const errorReportUrl = (jobId: string, format: ImportFormat) =>
  endpointUrl(importErrors, { params: { id: jobId }, query: { format } });

export const importsApi = api.injectEndpoints({
  endpoints: (build) => ({
    importJobs: build.query({
      ...fromEndpoint(listImports, (schoolId: string) => ({
        params: {},
        query: { school_id: schoolId },
      })),
      providesTags: JOBS,
    }),
    /** Polled while the job is PENDING (the progress bar). */
    importJob: build.query({
      ...fromEndpoint(readImport, (jobId: string) => ({ params: { id: jobId } })),
    }),
    /** Multipart: school_id and the file. */
    uploadStudents: build.mutation({
      ...fromEndpoint(importStudents, ({ schoolId, file }: { schoolId: string; file: File }) => {
        const body = new FormData();
        body.set('school_id', schoolId);
        body.set('file', file, file.name);
        return { params: {}, body };
      }),
      invalidatesTags: JOBS,
    }),
  }),
});

export const { useImportJobsQuery, useImportJobQuery, useUploadStudentsMutation } = importsApi;
