import { parsePath, type Path, type To } from 'react-router';

/** Spec §2: campaign parameters that follow the user through every internal link. */
export const UTM_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;

/**
 * Adds the current page's utm_* parameters to a destination. A parameter the
 * destination already sets is left as it is.
 */
export function withUtm(to: To, currentSearch: string): Partial<Path> {
  const target = typeof to === 'string' ? parsePath(to) : { ...to };
  const current = new URLSearchParams(currentSearch);
  const params = new URLSearchParams(target.search ?? '');
  for (const name of UTM_PARAMS) {
    const value = current.get(name);
    if (value !== null && !params.has(name)) params.set(name, value);
  }
  const search = params.toString();
  return { ...target, search: search ? `?${search}` : '' };
}
