import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from '@cuota/web-core/api/base-query';

/**
 * The one RTK Query API slice of the page. Each remote adds its endpoints with
 * `baseApi.injectEndpoints` so every request shares one cache, one CSRF policy and one
 * error policy.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  endpoints: () => ({}),
});
