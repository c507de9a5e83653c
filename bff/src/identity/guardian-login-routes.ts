import { Router, type RequestHandler } from 'express';
import {
  sendCodeSchema,
  verifyCodeSchema,
  type GuardianIdentity,
} from '@cuota/contracts/identity/sign-in';
import { conflict, HttpError } from '@cuota/service-runtime/http/http-error';
import type { BffContext } from '../bff-context';
import { parseBody } from '../http/input';
import { parseJson } from '../http/body-parsers';
import { clientKeyOf } from '../security/client-key';
import { requireCsrf } from '../security/csrf';
import { sessionResponse } from '../session/session-response';
import { emailHint } from './email-hint';
import { loginCodeMail } from './login-code-mail';
import { findGuardian, signInGuardianWithCode } from './sign-in';

const BASE = '/api/v1/guardians/login';

/**
 * The portal's sign-in by e-mailed code (spec §1, §6): who the link is for, send a code,
 * verify it (which signs in, exactly as Auth.js's guardian-code callback does).
 */
export function guardianLoginRoutes(ctx: BffContext): Router {
  const router = Router();
  const { limiters } = ctx;
  const json = [parseJson, requireCsrf];

  router.get(`${BASE}/:guardianHash/`, async (req, res) => {
    const guardian = await findGuardianWithEmail(ctx, String(req.params.guardianHash));
    res.json(loginInfo(guardian));
  });

  /** "Per-guardian link login": the same answer for a hash sent in the body. */
  router.post(`${BASE}/`, ...json, async (req, res) => {
    const { guardian_hash } = parseBody(sendCodeSchema, req.body);
    res.json(loginInfo(await findGuardianWithEmail(ctx, guardian_hash)));
  });

  router.post(
    `${BASE}/send_code/`,
    ...json,
    limiters.sendCodePerIp,
    guardianForCode(ctx),
    limiters.sendCodePerGuardianBurst,
    limiters.sendCodePerGuardianHourly,
    limiters.sendCodePerGuardian,
    sendCode(ctx),
  );

  router.post(`${BASE}/verify_code/`, ...json, limiters.signInPerIp, async (req, res) => {
    const input = parseBody(verifyCodeSchema, req.body);
    await signInGuardianWithCode(req, ctx, input);
    res.json(sessionResponse(req, ctx.config));
  });

  return router;
}

type GuardianWithEmail = GuardianIdentity & { email: string };

/** GET …/login/{guardianHash}/ (packages/contracts identity/guardian-login.ts). */
function loginInfo(guardian: GuardianWithEmail) {
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

/** Validates, finds the guardian and keys the per-guardian limits (and their pairs with the IP). */
function guardianForCode(ctx: BffContext): RequestHandler {
  return async (req, res, next) => {
    const { guardian_hash } = parseBody(sendCodeSchema, req.body);
    const guardian = await findGuardianWithEmail(ctx, guardian_hash);
    res.locals.guardian = guardian;
    res.locals.signInAccount = `guardian:${guardian.id}`;
    next();
  };
}

function sendCode(ctx: BffContext): RequestHandler {
  return async (req, res) => {
    const guardian = res.locals.guardian as GuardianWithEmail;
    const code = await ctx.codes.issue(guardian.id, clientKeyOf(req));
    try {
      await ctx.deps.mailer.send(loginCodeMail(guardian, code, ctx.config));
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
    res.json({
      sent: true,
      email_hint: emailHint(guardian.email),
      expires_in_seconds: ctx.config.loginCode.ttlSeconds,
    });
  };
}
