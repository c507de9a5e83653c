/**
 * Who an invoice is about, from invoicing's read models: the student (IEDU), the student's
 * billing guardian (the receptor) and, when someone else paid, the payer (IEDU's rfcPago).
 */
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import type { Executor } from '@cuota/messaging/transaction';
import {
  studentById,
  type StudentRow,
} from '@cuota/student-directory/student-directory-repository';
import type { InvoiceInput, ReceptorInput } from '../cfdi/invoice-input';
import {
  NOMBRE_PUBLICO_EN_GENERAL,
  RFC_PUBLICO_EN_GENERAL,
  resolveReceptor,
} from '../cfdi/receptor';
import {
  fiscalGuardianById,
  type FiscalGuardianRow,
} from '../guardians/fiscal-guardian-repository';

/** A student a colegiatura's IEDU can name: received from enrolment, with their level. */
type InvoiceStudent = StudentRow & { level: EducationLevel };

export interface InvoiceParties {
  /** Undefined until invoicing knows the student and their level: the invoice waits. */
  student: InvoiceStudent | undefined;
  /** The guardian the invoice is made out to: the billing guardian, else whoever paid. */
  receptorGuardianId: string | null;
  receptor: ReceptorInput | null;
  payerRfc: string | undefined;
  /** What the invoice will say as receptor (público en general when the data is not valid). */
  receptorRfc: string;
  receptorName: string;
  receptorNote: string | null;
}

export const receptorOf = (g: FiscalGuardianRow | undefined): ReceptorInput | null =>
  g
    ? {
        rfc: g.taxId,
        name: g.billingName,
        postalCode: g.taxZipCode,
        regimenFiscal: g.taxRegime,
        usoCfdi: g.cfdiUse,
      }
    : null;

export async function invoiceParties(
  db: Executor,
  invoice: {
    studentId: string;
    payerGuardianId: string | null;
    guestReceptor?: ReceptorInput | null;
  },
): Promise<InvoiceParties> {
  if (isGuestSale(invoice)) return partiesOf(undefined, null, invoice.guestReceptor ?? null);
  const student = await studentById(db, invoice.studentId);
  const receptorGuardianId = student?.billingGuardianId ?? invoice.payerGuardianId;
  // One query at a time: this runs inside transactions (one connection).
  const billing = receptorGuardianId ? await fiscalGuardianById(db, receptorGuardianId) : undefined;
  const payer =
    invoice.payerGuardianId && invoice.payerGuardianId !== receptorGuardianId
      ? await fiscalGuardianById(db, invoice.payerGuardianId)
      : undefined;
  return {
    ...partiesOf(student, receptorGuardianId, receptorOf(billing)),
    payerRfc: payer?.taxId ?? undefined,
  };
}

/** A store guest's sale names no student of the school (ADR 0092). */
export const isGuestSale = (invoice: { studentId: string }) => invoice.studentId === '';

function partiesOf(
  student: StudentRow | undefined,
  receptorGuardianId: string | null,
  receptor: ReceptorInput | null,
): InvoiceParties {
  const resolved = resolveReceptor(receptor);
  return {
    student: student?.level ? { ...student, level: student.level } : undefined,
    receptorGuardianId,
    receptor,
    payerRfc: undefined,
    ...(resolved.kind === 'nominativo'
      ? { receptorRfc: resolved.rfc, receptorName: resolved.name, receptorNote: null }
      : {
          receptorRfc: RFC_PUBLICO_EN_GENERAL,
          receptorName: resolved.name ?? NOMBRE_PUBLICO_EN_GENERAL,
          receptorNote: resolved.reason,
        }),
  };
}

/** The student as a colegiatura line needs them (IEDU). */
export function engineStudent(
  student: InvoiceStudent,
  billingGuardianRfc: string | null | undefined,
): NonNullable<InvoiceInput['lines'][number]['student']> {
  return {
    fullName: `${student.firstName} ${student.lastName}`,
    ...(student.curp ? { curp: student.curp } : {}),
    level: student.level,
    ...(billingGuardianRfc ? { billingGuardianRfc } : {}),
  };
}
