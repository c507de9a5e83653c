/**
 * A namespace keeps environments that share one NATS server apart (dev, the e2e
 * system, each integration test): "" in production, so subjects are exactly
 * `<domain>.<entity>.<verb>` as the contracts name them.
 */
export interface Namespace {
  prefix: string;
}

export const ROOT_NAMESPACE: Namespace = { prefix: '' };

export function subjectOf(ns: Namespace, type: string): string {
  return ns.prefix ? `${ns.prefix}.${type}` : type;
}

export function typeOf(ns: Namespace, subject: string): string {
  return ns.prefix && subject.startsWith(`${ns.prefix}.`)
    ? subject.slice(ns.prefix.length + 1)
    : subject;
}

export function streamOf(ns: Namespace, stream: string): string {
  return ns.prefix ? `${ns.prefix.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_${stream}` : stream;
}
