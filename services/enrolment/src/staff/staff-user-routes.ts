import type { Express } from 'express';
import {
  byEmailQuerySchema,
  byMembershipQuerySchema,
  staffListQuerySchema,
} from '@cuota/contracts/enrolment/staff';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { parseInput } from '@cuota/service-runtime/http/validate';
import { parseId, requirePermission, requireSchoolMember } from '../access';
import type { EnrolmentDb } from '../enrolment-db';
import { UNKNOWN_ADMIN } from './admin-commands';
import { adminByEmail, adminOf, listAdmins } from './admin-directory';
import { effectivePermissions } from './membership-grant';

const USERS = '/api/v1/dashboard/schools/:id/users/';

/**
 * The school's staff users looked up by search, e-mail or role, and what each may do
 * (spec §6 "users with permissions, by-email and by-membership"). Needs staff.read, except
 * that a member may always read their own permissions.
 */
export function staffUserRoutes(app: Express, db: EnrolmentDb): void {
  app.get(USERS, async (req, res) => {
    const schoolId = parseId(req.params.id);
    requirePermission(res, schoolId, 'staff.read');
    res.json(await listAdmins(db, schoolId, parseInput(staffListQuerySchema, req.query, 'query')));
  });

  app.get(`${USERS}by-email/`, async (req, res) => {
    const schoolId = parseId(req.params.id);
    requirePermission(res, schoolId, 'staff.read');
    const { email } = parseInput(byEmailQuerySchema, req.query, 'query');
    const admin = await adminByEmail(db, schoolId, email);
    if (!admin) throw notFound(UNKNOWN_ADMIN);
    res.json(admin);
  });

  app.get(`${USERS}by-membership/`, async (req, res) => {
    const schoolId = parseId(req.params.id);
    requirePermission(res, schoolId, 'staff.read');
    res.json(
      await listAdmins(db, schoolId, parseInput(byMembershipQuerySchema, req.query, 'query')),
    );
  });

  app.get(`${USERS}:user/permissions/`, async (req, res) => {
    const schoolId = parseId(req.params.id);
    const staff = requireSchoolMember(res, schoolId);
    const userId = parseId(req.params.user);
    if (userId !== staff.user_id) requirePermission(res, schoolId, 'staff.read');
    const admin = await adminOf(db, schoolId, userId);
    if (!admin) throw notFound(UNKNOWN_ADMIN);
    res.json({
      user_id: admin.id,
      school_id: admin.school_id,
      role: admin.role,
      permissions: admin.permissions,
      role_permissions: effectivePermissions({ role: admin.role }),
      custom_permissions: admin.custom_permissions,
    });
  });
}
