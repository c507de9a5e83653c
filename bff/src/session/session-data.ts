import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { SessionUser } from '@cuota/contracts/identity/session';

/** A person the BFF vouches for (never the BFF's own service identity). */
export type PersonClaims = Extract<IdentityClaims, { kind: 'guardian' | 'staff' }>;

/** What a signed-in session holds in Redis. */
export interface SignedInState {
  /** Signed into every identity token this session's calls carry. */
  identity: PersonClaims;
  /** What GET /api/auth/session shows. */
  user: SessionUser;
  signed_in_at: number;
  /** When `user` was last read from enrolment (refresh-signed-in.ts). */
  refreshed_at: number;
}

declare module 'express-session' {
  interface SessionData {
    auth?: SignedInState;
    /** The school the user is working in (POST /api/auth/session). */
    selected_school_id?: string | null;
    /** When the session's idle time was last renewed in Redis (session-middleware.ts). */
    renewed_at?: number;
  }
}
