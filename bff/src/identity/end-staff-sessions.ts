import type { BffContext } from '../bff-context';
import type { SignedInState } from '../session/session-data';

/**
 * Ends every session of a staff user (after their password changed, so whoever had it is out
 * at once). Sessions are not indexed by user, so this walks them: a password reset is rare,
 * and the walk reads keys in batches without blocking Redis. Returns how many it ended. The
 * walk reads past the sessions' kept copies (it would fill them with every session); the
 * deletes go through the sessions' connection so this process's copies end with them.
 */
export async function endStaffSessions(ctx: BffContext, userId: string): Promise<number> {
  const { redis, sessionRedis } = ctx.deps;
  let ended = 0;
  for await (const keys of redis.scanIterator({
    MATCH: `${ctx.config.redisPrefix}sess:*`,
    COUNT: 500,
  })) {
    for (const key of keys) {
      const raw = await redis.get(key);
      const auth = raw ? (JSON.parse(raw) as { auth?: SignedInState }).auth : undefined;
      if (auth?.identity.kind === 'staff' && auth.identity.user_id === userId) {
        ended += await sessionRedis.del(key);
      }
    }
  }
  return ended;
}
