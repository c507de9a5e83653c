import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';

/**
 * Who is knocking, for limits: the client's IP (behind TRUST_PROXY, the forwarded one), an
 * IPv6 address grouped by its /56 as one household or office holds it.
 */
export function clientKeyOf(req: Request): string {
  return ipKeyGenerator(req.ip ?? 'unknown', 56);
}
