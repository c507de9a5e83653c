import { useCallback, useEffect, useState } from 'react';
import { onlineStore } from '@cuota/contracts/billing/endpoints/store';
import type { OnlineStore } from '@cuota/contracts/billing/store';
import { fetchEndpoint } from '@cuota/web-core/api/endpoint-request';
import type { CatalogueRead } from '../features/shop/components/catalogue-grid';

/**
 * The school's catalogue for `<cuota-store>` (ADR 0102): one read outside RTK Query
 * (`fetchEndpoint`, the same definition and schema), so the element's first paint carries no
 * Redux. A site the school did not register gets no readable answer: `isError`.
 */
export function useCatalogue(schoolId: string): CatalogueRead {
  const [read, setRead] = useState<{ data?: OnlineStore; isError: boolean }>({ isError: false });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    fetchEndpoint(onlineStore, { params: { id: schoolId } }).then(
      (data) => current && setRead({ data, isError: false }),
      () => current && setRead({ isError: true }),
    );
    return () => {
      current = false;
    };
  }, [schoolId, attempt]);
  const refetch = useCallback(() => {
    setRead({ isError: false });
    setAttempt((n) => n + 1);
  }, []);
  return { ...read, isLoading: !read.data && !read.isError, refetch };
}
