import { useEffect } from 'react';

/** `Alumnos · Colegio Cuota Demo · Cuota`: the page, where, and the product, left to right. */
export function documentTitle(parts: (string | null | undefined)[]): string {
  return [...parts.filter(Boolean), 'Cuota'].join(' · ');
}

/** Names the browser tab (and what screen readers announce on arrival) after the page. */
export function useDocumentTitle(parts: (string | null | undefined)[]): void {
  const title = documentTitle(parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
