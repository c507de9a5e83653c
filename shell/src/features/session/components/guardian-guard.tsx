import { useState, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { useFeaturesToggleQuery, useGuardianMeQuery } from '@cuota/web-core/api/guardian-api';
import { withNotification } from '@cuota/web-core/routing/notification-link';
import { UtmNavigate } from '@cuota/web-core/routing/utm-link';
import { useSession } from '@cuota/web-core/session/use-session';
import { clearLocalStorage } from '../utils/clear-local-storage';
import { decideGuardianAccess } from '../utils/guardian-access';

function SignedOut({
  loginPath,
  onLoginPage,
  children,
}: {
  loginPath: string;
  onLoginPage: boolean;
  children: ReactNode;
}) {
  // Clearing once per mount (the guard remounts this per path) is idempotent, so it is
  // safe in the state initialiser; an effect would first render the protected page.
  const [storageWorks] = useState(clearLocalStorage);
  const { search } = useLocation();
  if (!storageWorks) return <UtmNavigate to="/cookies-error" replace />;
  return onLoginPage ? children : <UtmNavigate to={withNotification(loginPath, search)} replace />;
}

/** Applies the spec §4 session rules to every page under /guardians/{guardianHash}. */
export function GuardianGuard({ children }: { children: ReactNode }) {
  const { guardianHash = '' } = useParams();
  const { pathname, search } = useLocation();
  const { status, data } = useSession();
  const subpath = pathname.slice(`/guardians/${guardianHash}`.length).replace(/^\/+|\/+$/g, '');
  const access = decideGuardianAccess({ status, user: data?.user ?? null, guardianHash, subpath });

  // Spec §6: the features list is fetched once signed in, for any page that needs it.
  const signedIn = access.kind !== 'sign-in' && status === 'authenticated';
  useFeaturesToggleQuery(undefined, { skip: !signedIn });
  // The guardian and their students, which the portal's home shows first: asked in the same
  // tRPC batch as the features while the portal's code is still loading, not after it.
  useGuardianMeQuery(undefined, { skip: !signedIn || access.kind !== 'allow' });

  switch (access.kind) {
    case 'sign-in':
      return (
        <SignedOut key={pathname} loginPath={access.loginPath} onLoginPage={access.onLoginPage}>
          {children}
        </SignedOut>
      );
    case 'redirect':
      // From the login page once signed in: a reminder's notification goes along.
      return <UtmNavigate to={withNotification(access.to, search)} replace />;
    case 'allow':
      return children;
  }
}
