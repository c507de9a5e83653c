import { Card } from '@cuota/ui/card';
import { PageLayout } from '@cuota/ui/page-layout';
import { UtmLink } from '@cuota/web-core/routing/utm-link';

export function LandingPage() {
  return (
    <PageLayout title="Colegiaturas sin filas ni complicaciones">
      <p>
        Cuota ayuda a las escuelas particulares a cobrar colegiaturas y a las familias a pagarlas en
        línea, con factura.
      </p>
      <Card title="Madres, padres y tutores">
        <p>
          Entra con el enlace personal que te envió tu escuela por correo o WhatsApp. Ahí verás a
          tus estudiantes, tus pagos y tus datos de facturación.
        </p>
      </Card>
      <Card title="Personal de la escuela">
        <p>Administra cobranza, facturación e inscripciones desde el panel escolar.</p>
        <UtmLink to="/dashboard/login">Entrar al panel escolar</UtmLink>
      </Card>
      <Card title="Tienda escolar">
        <p>Uniformes, libros y material de tu escuela.</p>
        <UtmLink to="/store">Ir a la tienda</UtmLink>
      </Card>
    </PageLayout>
  );
}
