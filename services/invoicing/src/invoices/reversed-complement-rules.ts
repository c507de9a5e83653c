/**
 * What a payin's reversal does to the CFDI de pago it issued (ADR 0037 "A reversed payment's
 * CFDI de pago"). Pure: the reversal's allocations and the complements in, decisions out.
 */
import type { Allocation } from '@cuota/contracts/payments/payins';
import type { InvoicePart } from '@cuota/contracts/invoicing/invoices';
import { linesOfPart, type InvoiceLineRecord } from './invoice-request-rules';

/** A standing CFDI de pago as the rules read it. */
export interface ReversibleComplement {
  id: string;
  studentId: string;
  part: InvoicePart;
  status: 'pending' | 'success' | 'failed' | 'canceling' | 'canceled';
  /** A stamping worker holds it right now (it may be at the PAC). */
  beingStamped: boolean;
  /** What it pays on its PPD invoice (ImpPagado), line by line. */
  lines: InvoiceLineRecord[];
  totalCentavos: number;
}

export type ComplementDecision =
  /** Every centavo it records went back: SAT is asked to cancel it (motive 03). */
  | { action: 'cancel'; complement: ReversibleComplement }
  /** Never stamped and nobody stamping it: withdrawn without the PAC. */
  | { action: 'withdraw'; complement: ReversibleComplement }
  /** Part went back, never sent: withdrawn and recorded again for what was kept. */
  | { action: 'replace'; complement: ReversibleComplement; kept: InvoiceLineRecord[] }
  /** Part went back, stamped: a substitute for what was kept (relation 04, then motive 01). */
  | { action: 'substitute'; complement: ReversibleComplement; kept: InvoiceLineRecord[] };

/** A CFDI de pago that may be at the PAC right now: decide after it comes back. */
export class ComplementBeingStamped extends Error {
  constructor(id: string) {
    super(`CFDI de pago ${id} is being stamped; the reversal is retried after it`);
  }
}

/**
 * Per complement of the payin, what of its lines the reversal took back: the base of its own
 * orders and part (a late fee was invoiced PUE and is credited there). Nothing left: cancel
 * (or withdraw); something left: the complement says only what the family kept.
 */
export function reversedComplementDecisions(
  allocations: readonly Allocation[],
  complements: readonly ReversibleComplement[],
): ComplementDecision[] {
  const decisions: ComplementDecision[] = [];
  for (const complement of complements) {
    if (complement.status === 'canceled' || complement.status === 'canceling') continue;
    const kept = keptLines(complement, allocations);
    const keptTotal = kept.reduce((sum, l) => sum + l.base_centavos, 0);
    if (keptTotal === complement.totalCentavos) continue;
    const stamped = complement.status === 'success';
    if (!stamped && complement.beingStamped) throw new ComplementBeingStamped(complement.id);
    if (keptTotal === 0) decisions.push({ action: stamped ? 'cancel' : 'withdraw', complement });
    else decisions.push({ action: stamped ? 'substitute' : 'replace', complement, kept });
  }
  return decisions;
}

/** The complement's lines less the reversed base of the same order (never below zero). */
function keptLines(
  complement: ReversibleComplement,
  allocations: readonly Allocation[],
): InvoiceLineRecord[] {
  const reversed = new Map<string, number>();
  const own = allocations.filter((a) => a.student_id === complement.studentId);
  for (const line of linesOfPart(
    own.map(({ student_id: _s, ...line }) => ({ ...line, late_fee_centavos: 0 })),
    complement.part,
  ))
    reversed.set(line.order_id, (reversed.get(line.order_id) ?? 0) + line.base_centavos);
  return complement.lines.flatMap((line) => {
    const back = Math.min(reversed.get(line.order_id) ?? 0, line.base_centavos);
    reversed.set(line.order_id, (reversed.get(line.order_id) ?? 0) - back);
    const base = line.base_centavos - back;
    return base > 0 ? [{ ...line, base_centavos: base }] : [];
  });
}

/** What a reversal does to a CFDI de pago that pays several PPD invoices (ADR 0037). */
export type SharedComplementDecision =
  | { action: 'cancel' }
  | { action: 'withdraw' }
  /** The whole CFDI again for what was kept of each document (those with anything kept). */
  | { action: 'substitute'; kept: KeptDocument[] }
  | { action: 'replace'; kept: KeptDocument[] };

interface KeptDocument {
  complement: ReversibleComplement;
  lines: InvoiceLineRecord[];
}

/**
 * One CFDI carries the documents of `members` (the carrier first), so what the reversal does
 * to any of them it does to the CFDI: every centavo of every document back → cancel it once
 * (or withdraw it unsent); anything kept → one restatement carrying each document's kept
 * lines, the untouched ones as they were. `decided` are the per-document decisions
 * (`reversedComplementDecisions`); none of them: nothing to do.
 */
export function sharedComplementDecision(
  members: readonly ReversibleComplement[],
  decided: readonly ComplementDecision[],
): SharedComplementDecision | null {
  const carrier = members[0]!;
  const own = decided.filter((d) => members.some((m) => m.id === d.complement.id));
  if (!own.length || carrier.status === 'canceled' || carrier.status === 'canceling') return null;
  const stamped = carrier.status === 'success';
  if (!stamped && carrier.beingStamped) throw new ComplementBeingStamped(carrier.id);
  const kept = members.flatMap((complement) => {
    const decision = own.find((d) => d.complement.id === complement.id);
    const lines = !decision ? complement.lines : 'kept' in decision ? decision.kept : [];
    return lines.length ? [{ complement, lines }] : [];
  });
  if (!kept.length) return stamped ? { action: 'cancel' } : { action: 'withdraw' };
  return stamped ? { action: 'substitute', kept } : { action: 'replace', kept };
}
