import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { shortLinks } from '../schema';

/** How long a message's short link leads somewhere: a month of reminders and receipts. */
export const SHORT_LINK_DAYS = 30;

/** 48 random bits as 8 URL-safe characters: short for an SMS, not guessable. */
const newCode = () => randomBytes(6).toString('base64url');

/**
 * The short link of a portal page: one per notification (a retry keeps its code and gets a
 * fresh month), a new one each time for a family that asks (no notification). `target` is a
 * path of the portal, query included.
 */
export async function shortLinkOf(
  db: Executor,
  link: { notificationId: string | null; guardianId: string; target: string; now: Date },
): Promise<string> {
  const expiresAt = new Date(link.now.getTime() + SHORT_LINK_DAYS * 86_400_000);
  const [row] = await db
    .insert(shortLinks)
    .values({
      code: newCode(),
      targetUrl: link.target,
      notificationId: link.notificationId,
      guardianId: link.guardianId,
      expiresAt,
      createdAt: link.now,
    })
    .onConflictDoUpdate({
      target: shortLinks.notificationId,
      set: { targetUrl: link.target, expiresAt },
    })
    .returning({ code: shortLinks.code });
  return row!.code;
}

export type Followed =
  | { found: 'link'; code: string; targetUrl: string; expiresAt: Date; clicks: number }
  | { found: 'expired' | 'none' };

/** Follows a link at `now`: counts the click while it lasts; an expired one counts nothing. */
export async function followLink(db: Executor, code: string, now: Date): Promise<Followed> {
  const [clicked] = await db
    .update(shortLinks)
    .set({ clicks: sql`${shortLinks.clicks} + 1`, lastClickedAt: now })
    .where(and(eq(shortLinks.code, code), gt(shortLinks.expiresAt, now)))
    .returning();
  if (clicked) return { found: 'link', ...clicked };
  const [expired] = await db
    .select({ code: shortLinks.code })
    .from(shortLinks)
    .where(eq(shortLinks.code, code));
  return { found: expired ? 'expired' : 'none' };
}
