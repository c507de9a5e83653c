import { useEffect } from 'react';
import { useAppDispatch } from '@cuota/web-core/hooks';
import { refreshSession } from '@cuota/web-core/session/refresh-session';
import { takeFirstSession } from '../api/first-session';

/**
 * Keeps the session current (spec §4): loaded at start (taking the answer to the request
 * main.ts already made, if any), refetched when the tab becomes visible, when another tab
 * writes to storage (it signed in or out), and every `pollSeconds` when polling is on
 * (0 = off, the default).
 */
export function SessionSync({ pollSeconds }: { pollSeconds: number }) {
  const dispatch = useAppDispatch();

  useEffect(() => {
    const refresh = () => void dispatch(refreshSession());
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    void dispatch(refreshSession(takeFirstSession()));
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('storage', refresh);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('storage', refresh);
    };
  }, [dispatch]);

  useEffect(() => {
    if (pollSeconds <= 0) return;
    const timer = setInterval(() => void dispatch(refreshSession()), pollSeconds * 1000);
    return () => clearInterval(timer);
  }, [dispatch, pollSeconds]);

  return null;
}
