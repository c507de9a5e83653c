import type { PacClient } from './pac-client';
import type { PacSettings } from './pac-settings';
import { SwPacClient } from './sw/sw-pac-client';

/** The configured provider's client (PAC_PROVIDER). A second PAC is one more case here. */
export function createPacClient(settings: PacSettings): PacClient {
  switch (settings.provider) {
    case 'sw':
      return new SwPacClient(settings);
  }
}
