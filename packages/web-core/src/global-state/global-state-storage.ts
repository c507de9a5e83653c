import { z } from 'zod';
import { schoolSummarySchema } from '@cuota/contracts/enrolment/entities';
import {
  emptyGlobalState,
  type GlobalState,
} from '@cuota/web-core/global-state/global-state-slice';

export const GLOBAL_STATE_STORAGE_KEY = 'global-state';

const storedSchema = z.object({
  schools: z.array(schoolSummarySchema),
  selectedSchool: z.string().nullable(),
  webview: z.boolean(),
});

/**
 * Session storage may be blocked (privacy modes) or hold something stale: either way
 * the page starts from the empty state rather than failing.
 */
export function readGlobalState(): GlobalState {
  try {
    const raw = window.sessionStorage.getItem(GLOBAL_STATE_STORAGE_KEY);
    const parsed = storedSchema.safeParse(raw ? JSON.parse(raw) : null);
    return parsed.success ? parsed.data : emptyGlobalState;
  } catch {
    return emptyGlobalState;
  }
}

export function writeGlobalState(state: GlobalState): void {
  try {
    window.sessionStorage.setItem(GLOBAL_STATE_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Not persisted this time; the state in memory is still right.
  }
}
