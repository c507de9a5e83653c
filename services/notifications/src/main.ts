import { readServiceConfig } from '@cuota/service-host/service-config';
import { runServiceMain } from '@cuota/service-host/service-host';
import { notificationsService } from './notifications-service';

// No top-level await: the bundle is CommonJS. runServiceMain reports and exits on failure.
void runServiceMain(notificationsService, readServiceConfig());
