import { readServiceConfig } from '@cuota/service-host/service-config';
import { runServiceMain } from '@cuota/service-host/service-host';
import { createInvoicingService } from './invoicing-service';
import { readInvoicingSettings } from './invoicing-settings';

// No top-level await: the bundle is CommonJS. runServiceMain reports and exits on failure.
void runServiceMain(createInvoicingService(readInvoicingSettings()), readServiceConfig());
