/**
 * Other tabs refetch their session on a `storage` event (spec §4). Writing this key
 * after a sign-in or sign-out is what raises that event in them.
 */
export const SESSION_BROADCAST_KEY = 'cuota.session-changed';

export function announceSessionChange(): void {
  try {
    window.localStorage.setItem(SESSION_BROADCAST_KEY, String(Date.now()));
  } catch {
    // Storage blocked: other tabs will catch up when they become visible.
  }
}
