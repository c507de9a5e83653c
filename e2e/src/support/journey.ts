import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startSystemUnderTest, type SystemUnderTest } from './system-under-test';

/** A journey's running system and Chromium: started before its tests, stopped after them. */
export interface Journey {
  system: SystemUnderTest;
  browser: Browser;
}

/** Registers the start and the stop; read the fields inside tests (they are set by then). */
export function startJourney(): Journey {
  const journey = {} as Journey;
  beforeAll(async () => {
    journey.system = await startSystemUnderTest();
    journey.browser = await launchBrowser();
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.system?.shutdown();
  });
  return journey;
}
