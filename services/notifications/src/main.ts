import { readServiceConfig } from '@cuota/service-host/service-config';
import { runServiceMain } from '@cuota/service-host/service-host';
import { DEFAULT_NOTIFICATIONS_SETTINGS } from './notifications-settings';
import { createNotificationsService } from './notifications-service';
import { readCallbackSettings } from './guardian-urls/callback-settings';
import { readWhatsAppSettings } from './whatsapp/whatsapp-settings';
import { readSlackSettings } from './slack/slack-settings';

// No top-level await: the bundle is CommonJS. runServiceMain reports and exits on failure.
void runServiceMain(
  createNotificationsService({
    ...DEFAULT_NOTIFICATIONS_SETTINGS,
    whatsapp: readWhatsAppSettings(),
    callbacks: readCallbackSettings(),
    slack: readSlackSettings(),
  }),
  readServiceConfig(),
);
