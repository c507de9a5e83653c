import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Card } from '@cuota/ui/card';
import { ErrorState } from '@cuota/ui/error-state';
import { PageLayout } from '@cuota/ui/page-layout';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { useGuardianLoginInfoQuery } from '../api/login-api';
import { EnterCodeStep } from './enter-code-step';
import { InvalidLinkPage } from './invalid-link-page';
import { SendCodeStep } from './send-code-step';
import type { CodeRequest } from './use-code-request';

/** /guardians/{guardianHash}/login: the personal link, then a code sent by e-mail. */
export function LoginPage() {
  const { guardianHash = '' } = useParams();
  const info = useGuardianLoginInfoQuery(guardianHash);
  // The e-mail's link carries the code (`?code=`): the code step shows with it filled in.
  const linked = useSearchParams()[0].get('code');
  // Set once a code was asked for (or the family says it has one): the code step shows.
  const [request, setRequest] = useState<CodeRequest | null>(
    linked && /^\d{6}$/.test(linked) ? { kind: 'from-link', code: linked } : null,
  );

  if (info.isLoading) return <Spinner label="Buscando tu enlace…" />;
  if (info.error) {
    const error = readError(info.error);
    if (error.status === 404) return <InvalidLinkPage />;
    return (
      <PageLayout title="Entrar a tu cuenta" surface="Portal de familias" narrow>
        <ErrorState message={error.message} onRetry={() => void info.refetch()} />
      </PageLayout>
    );
  }
  if (!info.data) return null;

  return (
    <PageLayout title="Entrar a tu cuenta" surface="Portal de familias" narrow>
      <Card>
        {request ? (
          <EnterCodeStep guardianHash={guardianHash} info={info.data} request={request} />
        ) : (
          <SendCodeStep guardianHash={guardianHash} info={info.data} onRequested={setRequest} />
        )}
      </Card>
    </PageLayout>
  );
}
