import type { BffContext } from '../bff-context';
import type { SignedInState } from '../session/session-data';

/**
 * Ends every session of a staff user (after their password changed, so whoever had it is out
 * at once). Sessions are not indexed by user, so this walks them: a password reset is rare,
 * and the walk reads keys in batches without blocking Redis. Returns how many it ended.
 */
export async function endStaffSessions(ctx: BffContext, userId: string): Promise<number> {
  const { redis } = ctx.deps;
  let ended = 0;
  for await (const keys of redis.scanIterator({
    MATCH: `${ctx.config.redisPrefix}sess:*`,
    COUNT: 500,
  })) {
    for (const key of keys) {
      const raw = await redis.get(key);
      const auth = raw ? (JSON.parse(raw) as { auth?: SignedInState }).auth : undefined;
      if (auth?.identity.kind === 'staff' && auth.identity.user_id === userId) {
        ended += await redis.del(key);
      }
    }
  }
  return ended;
}
