import { z } from 'zod';
import {
  BAD_CALLBACK_SIGNATURE,
  trebleGuardianUrl,
  twilioGuardianUrl,
  UNKNOWN_PHONE,
} from '@cuota/contracts/notifications/guardian-url-callbacks';
import type { Executor } from '@cuota/messaging/transaction';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { badRequest, unauthenticated } from '@cuota/service-runtime/http/http-error';
import { Reply } from '@cuota/service-runtime/http/reply';
import { escapeHtml } from '@cuota/service-runtime/mail/mailer';
import { guardiansByPhone } from '../families/family-repository';
import type { NotificationsDb } from '../notifications-db';
import { shortLinkUrl } from '../sending/message-link';
import { shortLinkOf } from '../short-links/short-link-repository';
import type { CallbackSettings } from './callback-settings';
import { callerNumber } from './caller-number';
import { signedByTreble, signedByTwilio } from './provider-signatures';

const trebleBodySchema = z.object({
  user: z.object({ cellphone: z.string().min(1), country_code: z.string().default('52') }),
});

/**
 * A fresh short link to each family portal of the number that wrote (siblings in two schools
 * are two guardians), with the provider as campaign source.
 */
async function familyLinks(db: Executor, phone: string | null, source: string, deps: Deps) {
  const found = phone ? await guardiansByPhone(db, phone) : [];
  const query = `utm_source=${source}&utm_medium=mensaje&utm_campaign=guardian_url`;
  return Promise.all(
    found.map(async (g) => {
      const code = await shortLinkOf(db, {
        notificationId: null,
        guardianId: g.guardianId,
        target: `/guardians/${g.guardianHash}/?${query}`,
        now: deps.now(),
      });
      return { first_name: g.firstName, url: shortLinkUrl(deps.publicUrl, code) };
    }),
  );
}

/** The body as JSON, or null when it is none (a 400 then, never a 500). */
function jsonOf(raw: Buffer | undefined): unknown {
  try {
    return JSON.parse(raw?.toString('utf8') ?? '');
  } catch {
    return null;
  }
}

const answerText = (links: { first_name: string; url: string }[]) =>
  links.length === 0
    ? UNKNOWN_PHONE
    : links.map((l) => `Hola, ${l.first_name}: entra a tu portal de pagos en ${l.url}`).join('\n');

interface Deps {
  now: () => Date;
  /** PUBLIC_URL: the address the providers call and the short links' base. */
  publicUrl: string;
}

/**
 * The spec's twilio and treble `guardian_url` callbacks (ADR 0084): a family writes to the
 * school's number, the provider asks who it is, and the answer is the family's short link.
 * Each provider signs its call; unsigned, or without the provider's secret, it is a 401.
 * Without PUBLIC_URL neither Twilio's signed URL nor a short link can be made: all refused.
 */
export function guardianUrlHandlers(
  db: NotificationsDb,
  configured: CallbackSettings,
  options: { now: () => Date; publicUrl?: string },
) {
  const { publicUrl } = options;
  const settings = publicUrl ? configured : {};
  const deps: Deps = { now: options.now, publicUrl: publicUrl ?? '' };
  return [
    implement(twilioGuardianUrl, async ({ rawBody, req }) => {
      const fields = new URLSearchParams(rawBody?.toString('utf8') ?? '');
      const url = new URL(twilioGuardianUrl.path, deps.publicUrl).toString();
      const token = settings.twilioAuthToken;
      if (!token || !signedByTwilio(token, url, fields, req.get('x-twilio-signature')))
        throw unauthenticated(BAD_CALLBACK_SIGNATURE);
      const from = fields.get('From');
      if (!from) throw badRequest('El aviso de Twilio no dice quién escribió (From).');
      const text = answerText(await familyLinks(db, callerNumber(from), 'twilio', deps));
      const twiml = `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${escapeHtml(text)}</Message></Response>`;
      return Reply.file({ data: Buffer.from(twiml), contentType: 'text/xml; charset=utf-8' });
    }),
    implement(trebleGuardianUrl, async ({ rawBody, req }) => {
      const token = settings.trebleToken;
      if (!token || !signedByTreble(token, req.get('x-treble-token')))
        throw unauthenticated(BAD_CALLBACK_SIGNATURE);
      const body = trebleBodySchema.safeParse(jsonOf(rawBody));
      if (!body.success)
        throw badRequest('El aviso de Treble no trae el celular de quien escribió.');
      const { cellphone, country_code } = body.data.user;
      const links = await familyLinks(
        db,
        callerNumber(`${country_code}${cellphone}`),
        'treble',
        deps,
      );
      return { message: answerText(links), guardian_urls: links };
    }),
  ];
}
