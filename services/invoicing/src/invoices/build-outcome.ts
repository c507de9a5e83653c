/** What building one invoice row came to: the income, payment and global builders alike. */
export type BuildOutcome =
  | { kind: 'sealed'; sealedXml: string }
  | { kind: 'failed'; code: string; message: string }
  /** The student has not arrived from enrolment yet: ask again later. */
  | { kind: 'waiting' }
  /** A credit note whose income invoice is not stamped yet: ask again later. */
  | { kind: 'related-pending' }
  /** Another worker took the invoice over (this one's lease ran out). */
  | { kind: 'lost' }
  /** A público-en-general payment kept for its period's global invoice (ADR 0042). */
  | { kind: 'held' };
