import { isInicio } from '@cuota/contracts/http/inicio-reads';

// Inicio's first reads (`inicioReads`) live in contracts: the BFF preloads them too (ADR 0109).
export { isInicio };

/** Inicio's figures, exposed by the dashboard as `mfe_dashboard/page/home` (its webpack config). */
export const INICIO_MODULE = 'page/home';

/** The exposed module of the dashboard page at `pathname`, if the shell loads it ahead. */
export const dashboardPageModule = (pathname: string) =>
  isInicio(pathname) ? INICIO_MODULE : undefined;
