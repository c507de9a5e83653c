import type { PatchStaffUser, ReplaceStaffUser } from '@cuota/contracts/enrolment/staff-users';
import type { Executor } from '@cuota/messaging/transaction';
import { badRequest, notFound } from '@cuota/service-runtime/http/http-error';
import { hashPassword, verifyPassword } from './password';
import { saveStaffUser, staffUserById, type StaffUserChanges } from './staff-user-repository';

export const WRONG_CURRENT_PASSWORD = 'Tu contraseña actual no es correcta.';
export const USER_GONE = 'Tu usuario ya no existe.';

/** PUT (every field) or PATCH (the fields sent) of the user themself. */
export async function updateOwnProfile(
  tx: Executor,
  userId: string,
  input: ReplaceStaffUser | PatchStaffUser,
): Promise<void> {
  const user = await staffUserById(tx, userId, { lock: true });
  if (!user) throw notFound(USER_GONE);
  const changes: StaffUserChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.phone !== undefined) changes.phone = input.phone;
  if ('new_password' in input && input.new_password !== undefined) {
    if (!(await verifyPassword(input.current_password ?? '', user.passwordHash)))
      throw badRequest(WRONG_CURRENT_PASSWORD);
    changes.passwordHash = await hashPassword(input.new_password);
  }
  if (Object.keys(changes).length) await saveStaffUser(tx, userId, changes);
}
