import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface Secrets {
  identityPrivateJwk: string;
  identityPublicJwk: string;
  sessionSecret: string;
  /** AES-256-GCM keys (base64) for what payments and invoicing keep encrypted at rest. */
  paymentsSecretsKey: string;
  invoicingSecretsKey: string;
  /** The demo merchant's webhook signature secret, shared by the gateway sandbox and payments. */
  gatewayWebhookSecret: string;
  /** The password of invoicing's account with the PAC sandbox. */
  pacPassword: string;
  /** Notifications' WhatsApp access token and the app secret that signs its webhooks. */
  whatsappToken: string;
  whatsappAppSecret: string;
  /** What signs the Twilio and Treble guardian_url callbacks (ADR 0084, 0094). */
  twilioAuthToken: string;
  trebleWebhookToken: string;
  /** The Slack app's signing secret: the Slack sandbox signs with it, notifications checks. */
  slackSigningSecret: string;
}

const key = () => crypto.randomBytes(32).toString('base64');
/** Secrets added after a state folder was made are filled in, never replaced. */
const LATER_SECRETS = {
  paymentsSecretsKey: key,
  invoicingSecretsKey: key,
  gatewayWebhookSecret: () => crypto.randomBytes(24).toString('hex'),
  pacPassword: () => crypto.randomBytes(24).toString('hex'),
  whatsappToken: () => crypto.randomBytes(24).toString('hex'),
  whatsappAppSecret: () => crypto.randomBytes(24).toString('hex'),
  twilioAuthToken: () => crypto.randomBytes(16).toString('hex'),
  trebleWebhookToken: () => crypto.randomBytes(24).toString('hex'),
  slackSigningSecret: () => crypto.randomBytes(16).toString('hex'),
};

/**
 * Per-environment secrets, made once and kept in .cuota/<profile>/ (git-ignored) so
 * sessions survive a restart. Real deployments inject them from their secret store.
 */
export function loadOrCreateSecrets(stateDir: string): Secrets {
  const file = path.join(stateDir, 'secrets.json');
  const kept = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Secrets) : null;
  const secrets = { ...(kept ?? identitySecrets()) } as Secrets;
  for (const [name, make] of Object.entries(LATER_SECRETS))
    secrets[name as keyof typeof LATER_SECRETS] ??= make();
  if (JSON.stringify(secrets) === JSON.stringify(kept)) return secrets;
  fs.mkdirSync(stateDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

function identitySecrets() {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    identityPrivateJwk: JSON.stringify(privateKey.export({ format: 'jwk' })),
    identityPublicJwk: JSON.stringify(publicKey.export({ format: 'jwk' })),
    sessionSecret: crypto.randomBytes(32).toString('base64url'),
  };
}
