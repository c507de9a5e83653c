import type { Request, Response } from 'express';
import {
  guardianLinkInfo,
  guardianLinkLogin,
  guardianSchoolLogin,
  sendGuardianCode,
  sendGuardianMagicLink,
  verifyGuardianCode,
} from '@cuota/contracts/identity/endpoints';
import {
  SCHOOL_LOGIN_SENT,
  type GuardianLoginInfo,
  type SchoolLogin,
  type SendCodeResult,
} from '@cuota/contracts/identity/guardian-login';
import type { GuardianIdentity } from '@cuota/contracts/identity/sign-in';
import { conflict, HttpError } from '@cuota/service-runtime/http/http-error';
import type { BffContext } from '../bff-context';
import { implement } from '../http/bff-endpoints';
import { clientKeyOf } from '../security/client-key';
import { sessionResponse } from '../session/session-response';
import { applyLimiters } from './auth-providers';
import { emailHint } from './email-hint';
import { loginCodeMail, type LoginMailKind } from './login-code-mail';
import { findGuardian, signInGuardianWithCode } from './sign-in';

/**
 * The portal's sign-in by e-mailed code (spec §1, §6): who the link is for, send a code (or
 * the link that carries it), ask for a lost link at the school, verify the code (which signs
 * in, exactly as Auth.js's guardian-code callback does).
 */
export function guardianLoginHandlers(ctx: BffContext) {
  const { limiters } = ctx;
  const infoOf = async (hash: string) => loginInfo(await findGuardianWithEmail(ctx, hash));
  return [
    implement(guardianLinkInfo, ({ params }) => infoOf(params.guardianHash)),
    // "Per-guardian link login": the same answer for a hash sent in the body.
    implement(guardianLinkLogin, ({ body }) => infoOf(body.guardian_hash)),
    implement(
      sendGuardianCode,
      async ({ req, res, body }) =>
        sendCode(ctx, req, res, await findGuardianWithEmail(ctx, body.guardian_hash)),
      { before: [limiters.sendCodePerIp] },
    ),
    implement(
      sendGuardianMagicLink,
      async ({ req, res, body }) =>
        sendCode(ctx, req, res, await findGuardianWithEmail(ctx, body.guardian_hash), 'link'),
      { before: [limiters.sendCodePerIp] },
    ),
    implement(guardianSchoolLogin, ({ req, res, body }) => sendLostLinks(ctx, req, res, body), {
      before: [limiters.sendCodePerIp],
    }),
    implement(
      verifyGuardianCode,
      async ({ req, body }) => {
        await signInGuardianWithCode(req, ctx, body);
        return sessionResponse(req, ctx.config);
      },
      { before: [limiters.signInPerIp] },
    ),
  ];
}

type GuardianWithEmail = GuardianIdentity & { email: string };

function loginInfo(guardian: GuardianWithEmail): GuardianLoginInfo {
  return { first_name: guardian.first_name, email_hint: emailHint(guardian.email) };
}

/**
 * The guardian a link belongs to (404 when unknown). Codes travel by e-mail, so a guardian
 * without one cannot sign in: 409 with what to do, from the first screen on.
 */
async function findGuardianWithEmail(ctx: BffContext, hash: string): Promise<GuardianWithEmail> {
  const guardian = await findGuardian(ctx.directory, hash);
  if (!guardian.email)
    throw conflict(
      'No tenemos un correo registrado para ti. Pide a tu escuela que lo agregue para poder enviarte tu código de acceso.',
    );
  return guardian as GuardianWithEmail;
}

/** A lost-link request takes at least this long, found or not, sent or held back. */
const LOST_LINK_MIN_MS = 1_000;
const LIMIT_HEADERS = ['ratelimit', 'ratelimit-policy', 'retry-after'];

/**
 * A family that lost its personal link asks for it with its e-mail on the school's page: each
 * of the school's guardians with that e-mail gets the link with a code. Nothing in the answer
 * says whether anyone got one — not its body, its headers (a guardian's limit held back is
 * skipped quietly) nor its time (padded) — so the page reveals no e-mail the school has.
 */
async function sendLostLinks(ctx: BffContext, req: Request, res: Response, ask: SchoolLogin) {
  const send = async () => {
    for (const guardian of await ctx.directory.guardiansByEmail(ask.school_id, ask.email)) {
      if (!guardian.email) continue;
      await sendCode(ctx, req, res, guardian as GuardianWithEmail, 'link').catch((err: unknown) => {
        if (!(err instanceof HttpError) || err.status !== 429) throw err;
      });
    }
  };
  await Promise.all([send(), new Promise((r) => setTimeout(r, LOST_LINK_MIN_MS))]);
  for (const header of LIMIT_HEADERS) res.removeHeader(header);
  return { sent: true as const, message: SCHOOL_LOGIN_SENT };
}

/** Past the per-guardian limits (and their pairs with the client), a code by e-mail. */
async function sendCode(
  ctx: BffContext,
  req: Request,
  res: Response,
  guardian: GuardianWithEmail,
  kind: LoginMailKind = 'code',
): Promise<SendCodeResult> {
  const { limiters } = ctx;
  res.locals.signInAccount = `guardian:${guardian.id}`;
  await applyLimiters(
    [
      limiters.sendCodePerGuardianBurst,
      limiters.sendCodePerGuardianHourly,
      limiters.sendCodePerGuardian,
    ],
    req,
    res,
  );
  const code = await ctx.codes.issue(guardian.id, clientKeyOf(req));
  try {
    await ctx.deps.mailer.send(loginCodeMail(guardian, code, ctx.config, kind));
  } catch (err) {
    await ctx.codes.revoke(guardian.id, code);
    ctx.deps.logger.error({ err, guardianId: guardian.id }, 'login code e-mail failed');
    throw new HttpError(
      503,
      'SERVICE_UNAVAILABLE',
      'No pudimos enviar el correo con tu código. Intenta de nuevo en unos minutos.',
    );
  }
  ctx.deps.logger.info({ guardianId: guardian.id }, 'login code sent');
  return {
    sent: true,
    email_hint: emailHint(guardian.email),
    expires_in_seconds: ctx.config.loginCode.ttlSeconds,
  };
}
