import {
  importJobListSchema,
  importJobSchema,
  type ImportFormat,
  type ImportJob,
} from '@cuota/contracts/enrolment/student-import';
import { baseApi } from '@cuota/web-core/api/base-api';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['ImportJobs'] });
const JOBS = [{ type: 'ImportJobs' as const, id: 'list' }];
const importer = '/v1/internal/importer/';

/** Plain links (the browser downloads with the session cookie): template and error report. */
export const templateUrl = (schoolId: string, format: ImportFormat) =>
  `/api${importer}template/?school_id=${encodeURIComponent(schoolId)}&format=${format}`;
export const errorReportUrl = (jobId: string, format: ImportFormat) =>
  `/api${importer}${encodeURIComponent(jobId)}/errors/?format=${format}`;

export const importsApi = api.injectEndpoints({
  endpoints: (build) => ({
    importJobs: build.query<{ results: ImportJob[] }, string>({
      query: (schoolId) => `${importer}?school_id=${encodeURIComponent(schoolId)}`,
      responseSchema: importJobListSchema,
      providesTags: JOBS,
    }),
    /** Polled while the job is PENDING (the progress bar). */
    importJob: build.query<ImportJob, string>({
      query: (jobId) => `${importer}${encodeURIComponent(jobId)}/`,
      responseSchema: importJobSchema,
    }),
    /** Multipart: school_id and the file. */
    uploadStudents: build.mutation<ImportJob, { schoolId: string; file: File }>({
      query: ({ schoolId, file }) => {
        const body = new FormData();
        body.set('school_id', schoolId);
        body.set('file', file, file.name);
        return { url: '/v1/internal/import_students/', method: 'POST', body };
      },
      responseSchema: importJobSchema,
      invalidatesTags: JOBS,
    }),
  }),
});

export const { useImportJobsQuery, useImportJobQuery, useUploadStudentsMutation } = importsApi;
