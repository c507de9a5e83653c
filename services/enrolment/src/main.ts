import { readServiceConfig } from '@cuota/service-host/service-config';
import { runServiceMain } from '@cuota/service-host/service-host';
import { enrolmentService } from './enrolment-service';

void runServiceMain(enrolmentService, readServiceConfig());
