import { ALL_ENDPOINTS } from '@cuota/contracts/http/all-endpoints';
import { isPublicEndpoint, type AnyEndpoint } from '@cuota/contracts/http/endpoint';

/**
 * Every endpoint the public can reach: the ones services serve (forwarded), the BFF's own
 * (left to its routes) and planned ones (501). Never an internal one.
 */
export const PUBLIC_ENDPOINTS: readonly AnyEndpoint[] = ALL_ENDPOINTS.filter(isPublicEndpoint);
