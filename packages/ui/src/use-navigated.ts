import { useState } from 'react';

/** True once `routeKey` (the path) differs from the one the frame first rendered with. */
export function useNavigated(routeKey: string): boolean {
  const [first] = useState(routeKey);
  const [navigated, setNavigated] = useState(false);
  // Derived during render, so the page mounting with the new route already sees it.
  if (!navigated && routeKey !== first) setNavigated(true);
  return navigated;
}
