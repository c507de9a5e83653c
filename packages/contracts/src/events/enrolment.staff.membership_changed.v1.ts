import { z } from 'zod';
import { staffRoleSchema } from '@cuota/contracts/enrolment/entities';
import { permissionSchema } from '@cuota/contracts/access/permissions';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/**
 * Audit trail of who may do what: every membership added, re-roled, re-permissioned,
 * suspended (deactivated), reactivated or removed, with who did it. `role`/`permissions` are the state after the change (null when
 * removed; `permissions` null = the role's defaults).
 */
export const staffMembershipChangedV1 = defineEvent(
  'enrolment.staff.membership_changed',
  z.object({
    school_id: z.string(),
    user_id: z.string(),
    change: z.enum([
      'added',
      'role_changed',
      'permissions_changed',
      'deactivated',
      'reactivated',
      'removed',
    ]),
    role: staffRoleSchema.nullable(),
    permissions: z.array(permissionSchema).nullable(),
    previous_role: staffRoleSchema.nullable(),
    changed_by: z.string(),
  }),
);
