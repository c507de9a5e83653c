import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface Secrets {
  identityPrivateJwk: string;
  identityPublicJwk: string;
  sessionSecret: string;
}

/**
 * Per-environment secrets, made once and kept in .cuota/<profile>/ (git-ignored) so
 * sessions survive a restart. Real deployments inject them from their secret store.
 */
export function loadOrCreateSecrets(stateDir: string): Secrets {
  const file = path.join(stateDir, 'secrets.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Secrets;
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const secrets: Secrets = {
    identityPrivateJwk: JSON.stringify(privateKey.export({ format: 'jwk' })),
    identityPublicJwk: JSON.stringify(publicKey.export({ format: 'jwk' })),
    sessionSecret: crypto.randomBytes(32).toString('base64url'),
  };
  fs.mkdirSync(stateDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
