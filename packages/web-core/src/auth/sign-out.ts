import { postForm } from '@cuota/web-core/api/csrf';

/** POST /api/auth/signout with csrfToken and callbackUrl (spec §7). */
export async function signOut(callbackUrl: string = window.location.href): Promise<void> {
  const response = await postForm('/api/auth/signout', () => ({ callbackUrl, json: 'true' }));
  if (!response.ok) throw new Error(`POST /api/auth/signout answered ${response.status}`);
}
