import type { Visibility } from '@cuota/contracts/enrolment/entities';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';

/** Spec §3 visibility: guardians see PUBLIC features, staff also STAFF and BETA ones. */
const VISIBLE_TO: Record<IdentityClaims['kind'], readonly Visibility[]> = {
  guardian: ['PUBLIC'],
  staff: ['PUBLIC', 'BETA', 'STAFF'],
  service: ['PUBLIC'],
  anonymous: ['PUBLIC'],
};

export const visibleFeatures = (kind: IdentityClaims['kind']) => VISIBLE_TO[kind];
