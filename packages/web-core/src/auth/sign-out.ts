import { endpointKey } from '@cuota/contracts/http/endpoint';
import { signOut as signOutEndpoint } from '@cuota/contracts/identity/shell-endpoints';
import { postForm } from '@cuota/web-core/api/csrf';

/** POST /api/auth/signout with csrfToken and callbackUrl (spec §7). */
export async function signOut(callbackUrl: string = window.location.href): Promise<void> {
  const response = await postForm(signOutEndpoint, {}, () => ({ callbackUrl, json: 'true' }));
  if (!response.ok) throw new Error(`${endpointKey(signOutEndpoint)} answered ${response.status}`);
}
