import type { SchoolPublicFace } from '@cuota/contracts/enrolment/schools';
import { Page } from '@cuota/ui/page';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { defaultPrivacyNotice, type PrivacyNoticeSection } from '../utils/default-privacy-notice';

export interface PrivacyNoticePageProps {
  schoolId: string;
  /** Null while loading or for a school that takes no sign-ups: the default text, unnamed. */
  school: SchoolPublicFace | null;
}

/** The school's own notice (plain text, paragraphs split by blank lines), or the default one. */
function sectionsOf(school: SchoolPublicFace | null): PrivacyNoticeSection[] {
  if (school?.privacy_notice)
    return [
      {
        title: `Aviso de privacidad de ${school.name}`,
        paragraphs: school.privacy_notice.split(/\n\s*\n/).map((p) => p.trim()),
      },
    ];
  return defaultPrivacyNotice({
    name: school?.name ?? null,
    legalName: school?.legal_name,
    address: school?.address,
    contactEmail: school?.contact_email,
    contactPhone: school?.contact_phone,
  });
}

/** /store/{schoolId}/aviso-de-privacidad: the school's privacy notice. */
export function PrivacyNoticePage({ schoolId, school }: PrivacyNoticePageProps) {
  return (
    <Page title="Aviso de privacidad" narrow>
      <p>
        Aviso de privacidad integral para el registro de alumnos nuevos
        {school ? ` de ${school.name}` : ''}.
      </p>
      {sectionsOf(school).map((section) => (
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
