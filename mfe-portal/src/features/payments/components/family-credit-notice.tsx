import { MoneyText } from '@cuota/ui/money-text';
import { Notice } from '@cuota/ui/notice';
import { useFamilyCreditQuery } from '../api/family-balance-api';

/**
 * The credit the school holds for the family (ADR 0036), per child: it pays their next
 * charges. Nothing is shown when there is none or it cannot be read (the history still is).
 */
export function FamilyCreditNotice({ schoolId }: { schoolId: string }) {
  const credit = useFamilyCreditQuery(schoolId).currentData;
  if (!credit || credit.credit_centavos === 0) return null;
  const holders = credit.students.filter((s) => s.credit_centavos > 0);
  return (
    <Notice tone="success">
      <p>
        Tienes <MoneyText centavos={credit.credit_centavos} /> de saldo a favor
        {holders.length > 0 && (
          <>
            {' ('}
            {holders.map((s, i) => (
              <span key={s.student_id}>
                {i > 0 && ', '}
                {s.name}: <MoneyText centavos={s.credit_centavos} />
              </span>
            ))}
            {')'}
          </>
        )}
        . Se aplicará a los siguientes cargos de tus hijos.
      </p>
    </Notice>
  );
}
