import { useAppSelector } from '@cuota/web-core/hooks';
import { selectSession, selectSessionStatus } from '@cuota/web-core/session/session-slice';

/** The Auth.js-style `useSession()`: `{ status, data }`. */
export function useSession() {
  const status = useAppSelector(selectSessionStatus);
  const data = useAppSelector(selectSession);
  return { status, data };
}
