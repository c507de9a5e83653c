import { ONBOARDING_STAGES, type OnboardingStage } from '@cuota/contracts/enrolment/entities';
import {
  isRegimenFiscal,
  isUsoCfdi,
  regimenAppliesTo,
  usoAllowedFor,
} from '@cuota/contracts/invoicing/fiscal-catalogs';
import { parseRfc } from '@cuota/contracts/invoicing/rfc';
import { HttpError } from '@cuota/service-runtime/http/http-error';

/** A guardian's data as it will be once the request is saved, and their dependents. */
export interface OnboardingFacts {
  stage: OnboardingStage;
  email: string | null;
  phone: string | null;
  billingName: string | null;
  taxId: string | null;
  taxZipCode: string | null;
  taxRegime: string | null;
  cfdiUse: string | null;
  /** The students the guardian is linked to and still studying (not inactive or gone). */
  dependents: { id: string; name: string; curp: string | null }[];
}

type Problem = { path: string; message: string };

export const OWN_EMAIL_NEEDED = 'Escribe tu correo: ahí te llegan tus códigos para entrar.';

/** A guardian may change their e-mail but not remove it: it is how they sign in. */
export function ownEmailRefusal(email: string | null | undefined): HttpError | null {
  return email === null
    ? new HttpError(400, 'VALIDATION_FAILED', OWN_EMAIL_NEEDED, [
        { path: 'email', message: OWN_EMAIL_NEEDED },
      ])
    : null;
}

const PERSON = { fisica: 'una persona física', moral: 'una persona moral' } as const;

/** PROFILE: the guardian's sign-in codes, receipts and invoices travel by e-mail. */
const contactProblems = (f: OnboardingFacts): Problem[] =>
  f.email ? [] : [{ path: 'email', message: OWN_EMAIL_NEEDED }];

/** BILLING: no fiscal data at all means invoices to público en general; some means all of it. */
function billingProblems(f: OnboardingFacts): Problem[] {
  if (!f.billingName && !f.taxId && !f.taxZipCode && !f.taxRegime) return [];
  const problems: Problem[] = [];
  const missing = (path: string, message: string) => problems.push({ path, message });
  if (!f.billingName)
    missing(
      'billing_name',
      'Escribe tu nombre o razón social como aparece en tu constancia fiscal.',
    );
  if (!f.taxId) missing('tax_id', 'Escribe tu RFC.');
  if (!f.taxZipCode) missing('tax_zip_code', 'Escribe el código postal de tu domicilio fiscal.');
  const kind = f.taxId ? parseRfc(f.taxId)?.kind : undefined;
  if (!f.taxRegime || !isRegimenFiscal(f.taxRegime))
    missing('tax_regime', 'Elige tu régimen fiscal.');
  else if (kind && !regimenAppliesTo(f.taxRegime, kind))
    missing('tax_regime', `El régimen fiscal ${f.taxRegime} no corresponde a ${PERSON[kind]}.`);
  return problems;
}

/** CFDI: a family that invoices says what for, and SAT must admit it for its régimen. */
function cfdiProblems(f: OnboardingFacts): Problem[] {
  if (!f.taxId) return [];
  if (!f.cfdiUse) return [{ path: 'cfdi_use', message: 'Elige el uso del CFDI de tus facturas.' }];
  const kind = parseRfc(f.taxId)?.kind;
  const admitted =
    !kind ||
    !f.taxRegime ||
    !isRegimenFiscal(f.taxRegime) ||
    (isUsoCfdi(f.cfdiUse) && usoAllowedFor(f.cfdiUse, kind, f.taxRegime));
  return admitted
    ? []
    : [
        {
          path: 'cfdi_use',
          message: `El SAT no admite el uso ${f.cfdiUse} para tu régimen fiscal; elige otro.`,
        },
      ];
}

/** STUDENTS: deductible colegiaturas (D10) carry each student's CURP (IEDU complement). */
const studentProblems = (f: OnboardingFacts): Problem[] =>
  f.cfdiUse !== 'D10'
    ? []
    : f.dependents
        .filter((d) => !d.curp)
        .map((d) => ({
          path: `students.${d.id}.curp`,
          message: `Escribe la CURP de ${d.name}: sin ella sus colegiaturas no son deducibles.`,
        }));

const LEAVING: Partial<Record<OnboardingStage, (f: OnboardingFacts) => Problem[]>> = {
  PROFILE: contactProblems,
  BILLING: billingProblems,
  CFDI: cfdiProblems,
  STUDENTS: studentProblems,
};

/**
 * The registration stage after the guardian asks to move to `requested` (spec §2: PROFILE →
 * BILLING → CFDI → STUDENTS → COMPLETED). Forward only: asking for an earlier step (to edit
 * it) keeps the stage. Every step left behind must have what it asks for, else a 400 naming
 * each missing field in Spanish.
 */
export function onboardingStageAfter(
  facts: OnboardingFacts,
  requested: OnboardingStage,
): OnboardingStage {
  const from = ONBOARDING_STAGES.indexOf(facts.stage);
  const to = ONBOARDING_STAGES.indexOf(requested);
  if (to <= from) return facts.stage;
  const problems = ONBOARDING_STAGES.slice(from, to).flatMap(
    (step) => LEAVING[step]?.(facts) ?? [],
  );
  if (problems.length)
    throw new HttpError(400, 'VALIDATION_FAILED', problems[0]!.message, problems);
  return requested;
}
