import { useEffect } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { getEmbedOrigins } from '@cuota/contracts/enrolment/endpoints/schools';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

const embedApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    embedOrigins: build.query({
      ...fromEndpoint(getEmbedOrigins, (schoolId: string) => ({ params: { id: schoolId } })),
    }),
  }),
});

/** The page that frames this one, as the browser names it; null when not framed. */
function parentOrigin(): string | null {
  if (window.parent === window) return null;
  const ancestor = window.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  return URL.canParse(document.referrer) ? new URL(document.referrer).origin : null;
}

/**
 * Framed by one of the school's registered sites (ADR 0067), the store tells it how tall its
 * page is, so the frame fits without a scroll bar. The message goes to that origin only,
 * and only once the school's own list says it is registered.
 */
export function useEmbedHeight(schoolId: string | undefined) {
  const parent = parentOrigin();
  const { data } = embedApi.useEmbedOriginsQuery(parent && schoolId ? schoolId : skipToken);
  const allowed = !!parent && !!data?.origins.includes(parent);
  useEffect(() => {
    if (!allowed || !parent) return;
    const send = () =>
      window.parent.postMessage(
        { type: 'cuota-store:height', height: document.documentElement.scrollHeight },
        parent,
      );
    const observer = new ResizeObserver(send);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [allowed, parent]);
}
