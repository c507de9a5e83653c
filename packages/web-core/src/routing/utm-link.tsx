import { useCallback } from 'react';
import {
  Link,
  Navigate,
  NavLink,
  useLocation,
  useNavigate,
  type LinkProps,
  type NavigateOptions,
  type NavigateProps,
  type NavLinkProps,
  type To,
} from 'react-router';
import { withUtm } from '@cuota/web-core/routing/utm';

/** `to` with the current utm_* parameters (spec §2: carried on every internal link). */
export function useUtmTo(to: To) {
  return withUtm(to, useLocation().search);
}

export function UtmLink({ to, ...props }: LinkProps) {
  return <Link to={useUtmTo(to)} {...props} />;
}

export function UtmNavLink({ to, ...props }: NavLinkProps) {
  return <NavLink to={useUtmTo(to)} {...props} />;
}

export function UtmNavigate({ to, ...props }: NavigateProps) {
  return <Navigate to={useUtmTo(to)} {...props} />;
}

export function useUtmNavigate() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (to: To, options?: NavigateOptions) => navigate(withUtm(to, search), options),
    [navigate, search],
  );
}
