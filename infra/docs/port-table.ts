import { PROFILES, REMOTES, SERVICES, type Profile } from '../launcher/profiles.ts';
import { code, markdownTable } from './markdown.ts';

type Column = (profile: Profile) => string;

/** What each process listens on, and how the profiles keep their data apart. */
function rows(): [string, string, Column][] {
  return [
    ['BFF (public entry; serves the shell and `/api/*`)', 'bff/', (p) => `${p.bffPort}`],
    ['BFF `/metrics` (internal, ADR 0077)', 'bff/', (p) => `${p.bffMetricsPort}`],
    ...REMOTES.map((r): [string, string, Column] => [
      `${r} remote (static files, \`mf-manifest.json\`)`,
      `mfe-${r}/`,
      (p) => `${p.remotePorts[r]}`,
    ]),
    ...SERVICES.map((s): [string, string, Column] => [
      `${s} service`,
      `services/${s}/`,
      (p) => `${p.servicePorts[s]}`,
    ]),
    [
      'SMTP sandbox (SMTP / mailbox over HTTP)',
      'infra/sandboxes/smtp/',
      (p) => `${p.smtpPort} / ${p.mailboxPort}`,
    ],
    [
      'card gateway sandbox (Kushki-shaped API, card form)',
      'infra/sandboxes/gateway/',
      (p) => `${p.gatewayPort}`,
    ],
    ['PAC sandbox (stamps and cancels CFDI)', 'infra/sandboxes/pac/', (p) => `${p.pacPort}`],
    [
      'OpenID Connect sandbox (Google, Apple ID tokens)',
      'infra/sandboxes/oidc/',
      (p) => `${p.oidcPort}`,
    ],
    [
      'WhatsApp sandbox (Cloud API-shaped, signed status webhooks)',
      'infra/sandboxes/whatsapp/',
      (p) => `${p.whatsappPort}`,
    ],
    [
      'Twilio/Treble sandbox (a family writing; signed guardian_url webhooks)',
      'infra/sandboxes/messaging/',
      (p) => `${p.messagingPort}`,
    ],
    [
      'Slack sandbox (the operations channel; signed interactions)',
      'infra/sandboxes/slack/',
      (p) => `${p.slackPort}`,
    ],
    [
      'sample school web site (the demo store embedded)',
      'infra/sandboxes/school-site/',
      (p) => `${p.schoolSitePort}`,
    ],
    ['databases', '', (p) => code(`${p.databasePrefix}_<service>`)],
    ['Redis key prefix', '', (p) => code(p.redisPrefix)],
    ['NATS namespace', '', (p) => (p.natsPrefix ? code(p.natsPrefix) : 'none')],
  ];
}

/** Every port field of a profile, so a new process cannot be left out of the table. */
const PORT_FIELDS = [
  'bffPort',
  'bffMetricsPort',
  'remotePorts',
  'servicePorts',
  'smtpPort',
  'mailboxPort',
  'gatewayPort',
  'pacPort',
  'oidcPort',
  'whatsappPort',
  'messagingPort',
  'slackPort',
  'schoolSitePort',
];

/** The processes-and-ports table, one column per launcher profile (infra/launcher/profiles.ts). */
export function portTable(): string {
  const profiles = Object.values(PROFILES);
  const unknown = Object.keys(profiles[0]!).filter(
    (k) => /Ports?$/.test(k) && !PORT_FIELDS.includes(k),
  );
  if (unknown.length) throw new Error(`Ports the docs do not describe yet: ${unknown.join(', ')}`);
  return markdownTable(
    ['process', 'folder', ...profiles.map((p) => code(p.name))],
    rows().map(([what, folder, column]) => [what, folder && code(folder), ...profiles.map(column)]),
  );
}
