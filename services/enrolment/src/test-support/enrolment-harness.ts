// Test support (not shipped): the one setup of enrolment's integration tests.
import { jetstreamManager } from '@nats-io/jetstream';
import type { DemoAccess } from '@cuota/contracts/enrolment/demo-access';
import type { SchoolKind, SchoolStatus, StaffRole } from '@cuota/contracts/enrolment/entities';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { streamOf } from '@cuota/messaging/naming';
import type { RunningService } from '@cuota/service-host/service-host';
import type { TestDatabase } from '@cuota/testing/test-database';
import type { TestNamespace } from '@cuota/testing/test-namespace';
import { waitFor } from '@cuota/testing/wait-for';
import type * as schema from '../schema';
import { insertMembership } from '../memberships/membership-repository';
import { insertSchool, saveSchool } from '../schools/school-repository';
import type { SchoolChanges } from '../schools/school-rules';
import { staffIdentity } from '../staff/staff-directory';
import { insertStaffUser, staffUserByEmail } from '../staff/staff-user-repository';
import {
  startEnrolmentUnderTest,
  type EnrolmentUnderTestOptions,
} from '../test-support/enrolment-under-test';

/** Response bodies are checked field by field, as a client would read them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** The user id of `staff()` tokens: a member the database does not know (the token decides). */
export const STAFF_USER = '00000000-0000-4000-8000-0000000000aa';

export interface CallInit {
  method?: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data. */
  form?: FormData;
  /** Sent as is (with `headers` saying what it is). */
  body?: RequestInit['body'];
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  /** Parsed JSON, or null when the answer is not JSON (a file, a 204). */
  body: Json;
  text: string;
  bytes: Buffer;
  headers: Headers;
}

/** The clock (`now`), `worker` and extra `config`, as for enrolment under test. */
export type HarnessOptions = Omit<EnrolmentUnderTestOptions, 'identity' | 'label'>;

export interface EnrolmentHarness {
  service: RunningService<typeof schema>;
  database: TestDatabase;
  ns: TestNamespace;
  /** The demo school (five levels, ~200 students, one staff user per role), seeded once. */
  demo: DemoAccess;
  /** A second school, "Escuela Vecina" (kindergarten, onboarding, no levels or cycles). */
  otherSchoolId: string;
  /** Its owner ("Dueña Vecina"), who is nobody in the demo school. */
  otherOwnerId: string;
  /** Signs claims as the BFF would (the token every call carries). */
  sign: (claims: IdentityClaims) => Promise<string>;
  /** A token of a staff member with `role` in the school (the demo's unless named). */
  staff: (role: StaffRole, schoolId?: string) => IdentityClaims;
  /** The demo school's staff user with `role` (one per role). */
  userId: (role: StaffRole) => string;
  /**
   * That user's token in the demo school; `tokenRole` signs another role than the stored
   * one (a token that predates a change).
   */
  member: (role: StaffRole, tokenRole?: StaffRole) => IdentityClaims;
  /** The neighbour school's owner's token. */
  otherOwner: () => IdentityClaims;
  /** The token the BFF would sign for a user now: their memberships in force, as stored. */
  signedIn: (userId: string) => Promise<IdentityClaims>;
  /** The demo school's guardian with dependents. */
  guardian: () => IdentityClaims;
  /** The BFF acting for itself (sign-in look-ups). */
  bff: IdentityClaims;
  /** Calls the service as `as` (null: without a token). */
  call: (as: IdentityClaims | null, path: string, init?: CallInit) => Promise<Answer>;
  /** Raw SQL on enrolment's database, to read what it stored. */
  query: <T = Json>(text: string, params?: unknown[]) => Promise<T[]>;
  /** Rows of `table` (matching `where`, raw SQL), e.g. to prove a refusal wrote nothing. */
  count: (table: string, where?: string) => Promise<number>;
  /** The newest event of `type` on JetStream, or null. */
  lastEvent: (type: string) => Promise<Json | null>;
  /** Waits until the relay has put an event of `type` whose data satisfies `match`. */
  published: (type: string, match: (data: Json) => boolean) => Promise<Json>;
  /** Another school, through the service's own repository (its event included). */
  addSchool: (school: {
    name: string;
    kind?: SchoolKind;
    status?: SchoolStatus;
  }) => Promise<string>;
  /**
   * A staff user (created unless the e-mail has one; no usable password) with a membership
   * in the school; answers the user's id.
   */
  addStaff: (member: {
    name: string;
    email: string;
    schoolId: string;
    role: StaffRole;
  }) => Promise<string>;
  /** Changes a school through its repository (its event included), e.g. to pause it. */
  changeSchool: (schoolId: string, changes: SchoolChanges) => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * The real enrolment service on a throwaway database and NATS namespace, with the demo
 * school and a neighbour school that proves isolation. `name` names the database.
 */
export async function startEnrolmentHarness(
  name: string,
  options: HarnessOptions = {},
): Promise<EnrolmentHarness> {
  const enrolment = await startEnrolmentUnderTest({ label: name, ...options });
  const { service, database, ns, identity, demo, query } = enrolment;

  const addSchool: EnrolmentHarness['addSchool'] = async (school) =>
    (
      await service.db.transaction((tx) =>
        insertSchool(tx, { kind: 'k12', status: 'operando', ...school }),
      )
    ).id;

  const addStaff: EnrolmentHarness['addStaff'] = ({ name, email, schoolId, role }) =>
    service.db.transaction(async (tx) => {
      const user =
        (await staffUserByEmail(tx, email)) ??
        (await insertStaffUser(tx, { name, email, passwordHash: 'sin-contraseña' }));
      // Seeded, not added by anyone: the audit event names the member themself.
      await insertMembership(tx, { userId: user.id, schoolId, role, permissions: null }, user.id);
      return user.id;
    });

  const userIds = new Map<StaffRole, string>();
  for (const { email, role } of demo.staff)
    userIds.set(role, (await staffUserByEmail(service.db, email))!.id);
  const userId = (role: StaffRole) => userIds.get(role)!;

  const otherSchoolId = await addSchool({
    name: 'Escuela Vecina',
    kind: 'kindergarten',
    status: 'onboarding',
  });
  const otherOwnerId = await addStaff({
    name: 'Dueña Vecina',
    email: 'duena@vecina.mx',
    schoolId: otherSchoolId,
    role: 'OWNER',
  });
  const tokenOf = (user: string, schoolId: string, role: StaffRole): IdentityClaims => ({
    kind: 'staff',
    user_id: user,
    memberships: [{ school_id: schoolId, role }],
  });

  const call: EnrolmentHarness['call'] = async (as, path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (as) headers.authorization = `Bearer ${await identity.sign(as)}`;
    let body = init.body;
    if (init.form) body = init.form;
    else if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const res = await fetch(new URL(path, service.url), { method: init.method, headers, body });
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = bytes.toString('utf8');
    const isJson = res.headers.get('content-type')?.includes('json');
    return {
      status: res.status,
      body: isJson && text ? JSON.parse(text) : null,
      text,
      bytes,
      headers: res.headers,
    };
  };

  const lastEvent = async (type: string) => {
    const jsm = await jetstreamManager(ns.nc);
    const msg = await jsm.streams
      .getMessage(streamOf(ns, 'ENROLMENT'), { last_by_subj: `${ns.prefix}.${type}` })
      .catch(() => null);
    return msg ? msg.json<Json>() : null;
  };

  return {
    service,
    database,
    ns,
    demo,
    otherSchoolId,
    otherOwnerId,
    sign: (claims) => identity.sign(claims),
    staff: (role, schoolId = demo.school_id) => tokenOf(STAFF_USER, schoolId, role),
    userId,
    member: (role, tokenRole = role) => tokenOf(userId(role), demo.school_id, tokenRole),
    otherOwner: () => tokenOf(otherOwnerId, otherSchoolId, 'OWNER'),
    signedIn: async (user) => {
      const found = await staffIdentity(service.db, user);
      return {
        kind: 'staff',
        user_id: user,
        memberships: found!.memberships.map(({ school_id, role, permissions }) => ({
          school_id,
          role,
          permissions,
        })),
      };
    },
    guardian: () => ({
      kind: 'guardian',
      guardian_id: demo.guardian_id,
      school_ids: [demo.school_id],
    }),
    bff: { kind: 'service', service: 'bff' },
    call,
    query,
    count: async (table, where = 'true') =>
      (await query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`))[0]!.n,
    lastEvent,
    published: (type, match) =>
      waitFor(async () => {
        const event = await lastEvent(type);
        return event && match(event.data) ? event : null;
      }),
    addSchool,
    addStaff,
    changeSchool: async (schoolId, changes) => {
      await service.db.transaction((tx) => saveSchool(tx, schoolId, changes));
    },
    stop: enrolment.stop,
  };
}
