import { grants, type MembershipGrant } from '@cuota/contracts/access/permissions';
import { conflict, forbidden } from '@cuota/service-runtime/http/http-error';

/** Who acts: their user id and their membership as stored now (not the token's copy). */
export interface Actor {
  userId: string;
  grant: MembershipGrant;
}

/** An owner, or someone who may manage staff: only an owner makes, changes or removes one. */
const isSensitive = (grant: MembershipGrant) =>
  grant.role === 'OWNER' || grants(grant, 'staff.write');

/**
 * docs/permissions.md, rules 2 and 4: nobody changes their own membership, and only an OWNER
 * touches a member who is (or would become) an owner or a manager of staff.
 * `before` is null when the member is being added, `after` null when removed.
 */
export function checkStaffChange(
  actor: Actor,
  targetUserId: string | null,
  before: MembershipGrant | null,
  after: MembershipGrant | null,
): void {
  if (!grants(actor.grant, 'staff.write'))
    throw forbidden('Tu rol no tiene permiso para administrar al personal de esta escuela.');
  if (targetUserId === actor.userId)
    throw forbidden(
      after
        ? 'No puedes cambiar tu propio rol ni tus permisos; pídeselo a otro administrador.'
        : 'No puedes quitarte a ti mismo del personal; pídeselo a otro administrador.',
    );
  const touchesOwnerPowers = [before, after].some((grant) => grant && isSensitive(grant));
  if (touchesOwnerPowers && actor.grant.role !== 'OWNER')
    throw forbidden(
      'Solo un propietario puede nombrar propietarios, dar el permiso de administrar al personal o cambiar a quien ya lo tiene.',
    );
}

/** Rule 3: the change would leave the school with no OWNER. */
export function checkOwnersLeft(
  owners: number,
  before: MembershipGrant | null,
  after: MembershipGrant | null,
): void {
  if (before?.role === 'OWNER' && after?.role !== 'OWNER' && owners <= 1)
    throw conflict('La escuela debe conservar al menos un propietario.');
}
