import type { Request } from 'express';
import type { GuardianIdentity, StaffCredentials } from '@cuota/contracts/identity/sign-in';
import { guardianLinkInfo } from '@cuota/contracts/identity/endpoints';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { clientKeyOf } from '../security/client-key';
import { startSession } from '../session/start-session';
import type { EnrolmentDirectory } from './enrolment-directory';
import { externalRefused, type ExternalIdentity } from './external-identity';
import type { LoginCodes } from './login-codes';
import { codeLocked, wrongCode, wrongPassword } from './sign-in-error';
import { guardianState, staffState } from './signed-in-states';

export interface SignInDeps {
  directory: EnrolmentDirectory;
  codes: LoginCodes;
  externalIdentity: ExternalIdentity;
}

export const unknownGuardianLink = () => notFound(guardianLinkInfo.notFound);

export async function findGuardian(
  directory: EnrolmentDirectory,
  guardianHash: string,
): Promise<GuardianIdentity> {
  const guardian = await directory.guardianByHash(guardianHash);
  if (!guardian) throw unknownGuardianLink();
  return guardian;
}

/**
 * The one guardian sign-in: the portal's verify_code and Auth.js's guardian-code callback
 * both end here. Throws SignInError (wrong, expired, used, locked) or a 404 (unknown link).
 */
export async function signInGuardianWithCode(
  req: Request,
  deps: SignInDeps,
  input: { guardian_hash: string; code: string },
): Promise<void> {
  const guardian = await findGuardian(deps.directory, input.guardian_hash);
  const check = await deps.codes.check(guardian.id, input.code, clientKeyOf(req));
  if (check.outcome === 'locked') throw codeLocked();
  if (check.outcome === 'wrong') throw wrongCode(check.attemptsLeft);
  if (check.outcome === 'missing') throw wrongCode();
  await startSession(req, guardianState(guardian));
}

/**
 * A guardian signing in with a provider's ID token (Google, Apple on the app): the token must
 * hold and its verified e-mail be the one the school has for this guardian. The token is
 * checked before the link is looked up, and a link whose e-mail differs gets the same answer
 * as a bad token: the call tells no more than the code sign-in does (whether a link exists).
 */
export async function signInGuardianWithIdToken(
  req: Request,
  deps: SignInDeps,
  input: { guardian_hash: string; provider: string; id_token: string },
): Promise<void> {
  const email = await deps.externalIdentity.verifiedEmail(input.provider, input.id_token);
  const guardian = await findGuardian(deps.directory, input.guardian_hash);
  if (guardian.email?.trim().toLowerCase() !== email) throw externalRefused();
  await startSession(req, guardianState(guardian));
}

/** The account a staff sign-in is about, for the failure count (case does not matter). */
export const staffAccount = (email: string) => `staff:${email.trim().toLowerCase()}`;

/** Staff sign-in (e-mail and password checked by enrolment). */
export async function signInStaff(
  req: Request,
  deps: SignInDeps,
  credentials: StaffCredentials,
): Promise<void> {
  const staff = await deps.directory.authenticateStaff(credentials);
  if (!staff) throw wrongPassword();
  await startSession(req, staffState(staff));
}
