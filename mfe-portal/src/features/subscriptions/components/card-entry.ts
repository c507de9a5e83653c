import { createContext, type ReactNode } from 'react';

/** What the subscriptions feature asks of a card form: a one-time token, never the number. */
export interface CardEntryProps {
  schoolId: string;
  /** What the form shows it is for (a monthly price here). */
  totalCentavos: number;
  submitLabel: string;
  /** The caller is sending the token. */
  sending: boolean;
  /** The caller's refusal, in Spanish. */
  problem: string | null;
  onToken: (token: string) => void;
  onCancel: () => void;
}

/**
 * Draws the card form, given by the app (src/app composes features): the payments feature's,
 * which checkout uses too. Without one the feature offers no card.
 */
export const CardEntryContext = createContext<((props: CardEntryProps) => ReactNode) | null>(null);
