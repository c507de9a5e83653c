import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Where Kushki's published examples are kept, each with its source (ADR 0030). */
export const FIXTURES_DIR = path.resolve(__dirname, '../../../../infra/sandboxes/gateway/fixtures');

/** A fixture of infra/sandboxes/gateway/fixtures, parsed. */
export function kushkiFixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(FIXTURES_DIR, `${name}.json`), 'utf8'));
}
