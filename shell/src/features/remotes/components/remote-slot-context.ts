import { createContext } from 'react';
import type { RemoteName } from '@cuota/contracts/shell/remotes';

/** Which remote a route is mounting, and how to try it again. */
export interface RemoteSlot {
  name: RemoteName;
  retry: () => void;
}

export const RemoteSlotContext = createContext<RemoteSlot | null>(null);
