import { schoolSignup } from '@cuota/contracts/enrolment/endpoints/admissions';
import { SIGNUP_RECEIVED_MESSAGE } from '@cuota/contracts/enrolment/signup';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { EnrolmentContext } from '../enrolment-db';
import type { SendMail } from '../mail-sender';
import { requirePublicSchool } from '../schools/school-access';
import { schoolRow } from '../schools/school-repository';
import { signUpFamily } from './sign-up-family';
import { signupConfirmationSender, type SignupMailInput } from './signup-mail';

/**
 * The store's sign-up form: anyone may write while the school is public (BFF rate-limits).
 * The family's confirmation is mailed after the commit, only when children were registered
 * now (a replay or a repeated form sends none).
 */
export function signupHandlers({ db }: EnrolmentContext, sendMail: SendMail) {
  const sendConfirmation = signupConfirmationSender(sendMail);
  return [
    implement(schoolSignup, async ({ params, body, once }) => {
      await requirePublicSchool(db, params.id);
      const { mail, ...answer } = await once(
        async (tx) => {
          const { registered, leadIds } = await signUpFamily(tx, params.id, body);
          const confirmation: SignupMailInput | null = registered.length
            ? {
                to: body.guardian.email,
                guardianName: body.guardian.first_name,
                schoolName: (await schoolRow(tx, params.id)).name,
                children: registered,
              }
            : null;
          return {
            message: SIGNUP_RECEIVED_MESSAGE,
            registered: registered.length,
            lead_ids: leadIds,
            mail: confirmation,
          };
        },
        (answer) => ({ ...answer, mail: null }),
      );
      if (mail) await sendConfirmation(mail);
      return answer;
    }),
  ];
}
