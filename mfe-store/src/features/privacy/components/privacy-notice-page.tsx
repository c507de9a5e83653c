import { Page } from '@cuota/ui/page';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { defaultPrivacyNotice } from '../utils/default-privacy-notice';

export interface PrivacyNoticePageProps {
  schoolId: string;
  schoolName: string | null;
}

/** /store/{schoolId}/aviso-de-privacidad: the school's privacy notice (the default one). */
export function PrivacyNoticePage({ schoolId, schoolName }: PrivacyNoticePageProps) {
  const sections = defaultPrivacyNotice({ name: schoolName });
  return (
    <Page title="Aviso de privacidad" narrow>
      <p>
        Aviso de privacidad integral para el registro de alumnos nuevos
        {schoolName ? ` de ${schoolName}` : ''}.
      </p>
      {sections.map((section) => (
        <section key={section.title} aria-label={section.title}>
          <h2>{section.title}</h2>
          {section.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      ))}
      <UtmLink to={`/store/${encodeURIComponent(schoolId)}/registro`}>Volver al registro</UtmLink>
    </Page>
  );
}
