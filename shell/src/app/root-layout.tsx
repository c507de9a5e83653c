import { Outlet } from 'react-router';
import { Spinner } from '@cuota/ui/spinner';
import { useAppSelector } from '@cuota/web-core/hooks';
import { selectSessionStatus } from '@cuota/web-core/session/session-slice';
import { config } from '../config';
import { GlobalStateSync } from '../features/global-state/components/global-state-sync';
import { AlertArea } from '../features/notifications/components/alert-area';
import { ToastArea } from '../features/notifications/components/toast-area';
import { SessionSync } from '../features/session/components/session-sync';

/** Spec §2 global elements around every page: spinner, toasts and alert banner. */
export function RootLayout() {
  const status = useAppSelector(selectSessionStatus);
  return (
    <>
      <SessionSync pollSeconds={config.sessionPollSeconds} />
      <GlobalStateSync fraudSchoolId={config.fraudSchoolId} />
      <ToastArea />
      <AlertArea />
      {status === 'loading' ? <Spinner label="Cargando tu sesión…" /> : <Outlet />}
    </>
  );
}
