import { useState } from 'react';
import { useParams } from 'react-router';
import type { SendCodeResult } from '@cuota/contracts/identity/guardian-login';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { EmptyState } from '@cuota/ui/empty-state';
import { PageLayout } from '@cuota/ui/page-layout';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { useGuardianLoginInfoQuery } from '../api/login-api';
import { EnterCodeStep } from './enter-code-step';
import { InvalidLinkPage } from './invalid-link-page';
import { SendCodeStep } from './send-code-step';

/** /guardians/{guardianHash}/login: the personal link, then a code sent by e-mail. */
export function LoginPage() {
  const { guardianHash = '' } = useParams();
  const info = useGuardianLoginInfoQuery(guardianHash);
  const [sent, setSent] = useState<SendCodeResult | null>(null);

  if (info.isLoading) return <Spinner />;
  if (info.error) {
    const error = readError(info.error);
    if (error.status === 404) return <InvalidLinkPage />;
    return (
      <PageLayout title="Entrar a tu cuenta">
        <EmptyState
          title={error.message}
          action={<Button onClick={() => void info.refetch()}>Reintentar</Button>}
        />
      </PageLayout>
    );
  }
  if (!info.data) return null;

  return (
    <PageLayout title="Entrar a tu cuenta">
      <Card>
        {sent ? (
          <EnterCodeStep guardianHash={guardianHash} sent={sent} onResend={() => setSent(null)} />
        ) : (
          <SendCodeStep guardianHash={guardianHash} info={info.data} onSent={setSent} />
        )}
      </Card>
    </PageLayout>
  );
}
