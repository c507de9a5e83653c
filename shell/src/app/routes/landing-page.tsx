import { useLocation } from 'react-router';
import { Card } from '@cuota/ui/card';
import { PageLayout } from '@cuota/ui/page-layout';
import { NOTIFICATION_PARAM, withNotification } from '@cuota/web-core/routing/notification-link';
import { UtmLink, UtmNavigate } from '@cuota/web-core/routing/utm-link';
import { useSession } from '@cuota/web-core/session/use-session';
import { homeFor } from '../../features/session/utils/home-for';

/** The public page at `/`: what Cuota is, and the way in for families, staff and shoppers. */
export function LandingPage() {
  const user = useSession().data?.user;
  const home = homeFor(user);
  // A reminder's link is this page with its notification_id: a signed-in family is taken to
  // its portal with it, which opens the notification (spec §2).
  const { search } = useLocation();
  if (user?.kind === 'guardian' && new URLSearchParams(search).has(NOTIFICATION_PARAM))
    return <UtmNavigate to={withNotification(home.to, search)} replace />;
  return (
    <PageLayout
      title="Colegiaturas sin filas ni complicaciones"
      actions={user && <UtmLink to={home.to}>{home.label}</UtmLink>}
    >
      <p>
        Cuota ayuda a las escuelas particulares a cobrar colegiaturas y a las familias a pagarlas en
        línea, con factura.
      </p>
      <Card title="Madres, padres y tutores">
        <p>
          Entra con el enlace personal que te envió tu escuela por correo o WhatsApp. Ahí verás a
          tus alumnos, tus pagos y tus datos de facturación.
        </p>
        {user?.kind === 'guardian' && <UtmLink to={home.to}>{home.label}</UtmLink>}
      </Card>
      <Card title="Personal de la escuela">
        <p>Administra cobranza, facturación e inscripciones desde el panel escolar.</p>
        <UtmLink to={user?.kind === 'staff' ? '/dashboard' : '/dashboard/login'}>
          Entrar al panel escolar
        </UtmLink>
      </Card>
      <Card title="Tienda escolar">
        <p>Uniformes, libros y material de tu escuela.</p>
        <UtmLink to="/store">Ir a la tienda</UtmLink>
      </Card>
    </PageLayout>
  );
}
