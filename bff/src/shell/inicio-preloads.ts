import type { SessionUser } from '@cuota/contracts/identity/session';
import { inicioReads, isInicio } from '@cuota/contracts/http/inicio-reads';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';

/**
 * `<link rel="preload" as="fetch">` tags for the reads Inicio starts with (ADR 0109), so the
 * browser sends them with the shell's scripts instead of ~150 ms after them, once the shell's
 * early chunk has its shared modules (ADR 0097). Only for a staff member of exactly one school:
 * the shell's school is then that one whatever the browser stored, so the URLs are exactly those
 * the shell asks for (`credentials: 'same-origin'` = `crossorigin="anonymous"`), and Chromium
 * hands the preloaded answers to those fetches instead of asking twice. The URLs come from the
 * signed-in user's own membership: never another school's. `fetchpriority="low"`: a preload
 * fetch is otherwise sent before the shell's deferred main script, and with six connections a
 * host the eight reads kept main.js waiting ~800 ms (the heading came later, not sooner).
 */
export function inicioPreloads(
  pagePath: string,
  user: SessionUser | undefined,
  now = new Date(),
): string {
  if (!user || user.kind !== 'staff' || !isInicio(pagePath)) return '';
  const [school, ...others] = user.schools;
  const member = user.memberships.find((m) => m.school_id === school?.id);
  if (!school || others.length > 0 || !member) return '';
  return inicioReads(school.id, member, mexicoCityDate(now))
    .map(
      (url) =>
        `<link rel="preload" href="${url.replace(/&/g, '&amp;')}" as="fetch" crossorigin="anonymous" fetchpriority="low">`,
    )
    .join('');
}
