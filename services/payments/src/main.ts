import { readServiceConfig } from '@cuota/service-host/service-config';
import { runServiceMain } from '@cuota/service-host/service-host';
import { readPaymentsConfig } from './payments-config';
import { definePaymentsService } from './payments-service';

// No top-level await: the bundle is CommonJS. runServiceMain reports and exits on failure.
void runServiceMain(definePaymentsService(readPaymentsConfig()), readServiceConfig());
