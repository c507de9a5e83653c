import { endpointKey } from '@cuota/contracts/http/endpoint';
import { updateSession } from '@cuota/contracts/identity/endpoints';
import { postForm } from '@cuota/web-core/api/csrf';

/** POST /api/auth/session: the BFF re-reads the signed-in guardian from enrolment now. */
export async function askToReread(): Promise<void> {
  const response = await postForm(updateSession, {}, () => ({}));
  if (!response.ok) throw new Error(`${endpointKey(updateSession)} answered ${response.status}`);
}
