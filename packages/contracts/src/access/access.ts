import type { IdentityClaims, Membership } from '../identity/identity-claims';
import { grants, type Permission } from '@cuota/contracts/access/permissions';

/**
 * What a staff caller needs: a permission of docs/permissions.md in the call's school, or
 * `member` when any member may call and the handler decides (e.g. reading oneself).
 */
export type StaffGrant = Permission | 'member';

/**
 * Who may call an endpoint. The BFF checks it before forwarding and the service again on the
 * identity token, with this same function; handlers then narrow to the records the caller
 * may see (a guardian's own family, the staff member's school).
 */
export interface Access {
  /** Staff whose membership in the call's school grants this. */
  staff?: StaffGrant;
  /** A signed-in guardian (the handler narrows to the guardian's own family). */
  guardian?: true;
  /** Anyone, signed in or not: store visitors, sign-in steps. Handlers show public data only. */
  anonymous?: true;
  /** A payment gateway: no session and no CSRF; the service verifies the signature. */
  webhook?: true;
  /** Only the BFF itself (its own look-ups); never proxied. */
  service?: true;
  /** Cuota's platform operators (the staff claim `platform_operator`), whatever their schools. */
  operator?: true;
}

export const staffOnly = (staff: StaffGrant): Access => ({ staff });
export const familyOrStaff = (staff: StaffGrant): Access => ({ guardian: true, staff });
export const familyOnly = (): Access => ({ guardian: true });
export const anyone = (): Access => ({ anonymous: true });
/** Anyone sees the public face; the school's families and staff holding `staff` see more. */
export const publicOrMembers = (staff: StaffGrant): Access => ({
  anonymous: true,
  guardian: true,
  staff,
});
export const gatewayWebhook = (): Access => ({ webhook: true });
export const bffOnly = (): Access => ({ service: true });
/** Only platform operators (ADR 0045): every school's data, so never a school's role. */
export const platformOperator = (): Access => ({ operator: true });

export type AccessDecision =
  | { ok: true }
  /** No session where one is needed. */
  | { ok: false; status: 401 }
  /** Signed in, but this kind of caller or this role may not. */
  | { ok: false; status: 403; reason: 'kind' | 'grant' }
  /** A school the caller has nothing to do with: answered like one that does not exist. */
  | { ok: false; status: 404 };

/**
 * The one rule both sides apply. `schoolId` is the school the call is about when the request
 * names it (path, query or body); without it a staff caller needs the grant in some school and
 * the handler checks the record's school.
 */
export function decideAccess(
  access: Access,
  caller: IdentityClaims | undefined,
  schoolId?: string,
): AccessDecision {
  // Open endpoints decide what each caller sees; a webhook proves itself by its signature.
  if (access.anonymous || access.webhook) return { ok: true };
  if (!caller || caller.kind === 'anonymous') return { ok: false, status: 401 };
  switch (caller.kind) {
    case 'service':
      return access.service ? { ok: true } : { ok: false, status: 403, reason: 'kind' };
    case 'guardian':
      return access.guardian ? { ok: true } : { ok: false, status: 403, reason: 'kind' };
    case 'staff':
      if (access.operator && caller.platform_operator) return { ok: true };
      return staffDecision(access.staff, caller.memberships, schoolId);
  }
}

function staffDecision(
  grant: StaffGrant | undefined,
  memberships: Membership[],
  schoolId: string | undefined,
): AccessDecision {
  if (!grant) return { ok: false, status: 403, reason: 'kind' };
  const inScope = schoolId ? memberships.filter((m) => m.school_id === schoolId) : memberships;
  if (schoolId && inScope.length === 0) return { ok: false, status: 404 };
  if (grant === 'member' || inScope.some((m) => grants(m, grant))) return { ok: true };
  return { ok: false, status: 403, reason: 'grant' };
}

/** Whether a membership lets its holder call an endpoint (screens disable what it cannot). */
export function membershipMayCall(access: Access, membership: Membership): boolean {
  if (!access.staff) return false;
  return access.staff === 'member' || grants(membership, access.staff);
}
