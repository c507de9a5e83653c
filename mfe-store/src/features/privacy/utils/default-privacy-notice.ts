/** One heading of a privacy notice and its paragraphs. */
export interface PrivacyNoticeSection {
  title: string;
  paragraphs: string[];
}

export interface PrivacyNoticeSchool {
  /** Null while unknown: the text then says "la escuela". */
  name: string | null;
  /** The razón social, when the school gave it: the one legally responsible. */
  legalName?: string | null;
  address?: string | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
}

/**
 * The privacy notice a school's store shows until the school publishes its own: what the
 * Ley Federal de Protección de Datos Personales en Posesión de los Particulares asks of a
 * notice (who is responsible, what data, what for, transfers, ARCO rights, how to reach
 * them), written for the family sign-up, with the school's name and contact data. A school
 * that publishes its own text (privacy_notice) replaces it.
 */
export function defaultPrivacyNotice(school: PrivacyNoticeSchool): PrivacyNoticeSection[] {
  const responsible =
    (school.legalName && school.name ? `${school.legalName} («${school.name}»)` : school.name) ??
    'la escuela a la que solicitas el registro';
  return [
    {
      title: 'Quién es responsable de tus datos',
      paragraphs: [
        `${capitalised(responsible)} (en adelante, «la escuela») es responsable del tratamiento de los datos personales que nos das en este formulario. Cuota es la plataforma que la escuela usa para recibirlos y los trata solo por encargo y según las instrucciones de la escuela.`,
      ],
    },
    {
      title: 'Qué datos recabamos',
      paragraphs: [
        'De la madre, el padre o quien ejerce la tutela: nombre, apellidos, correo electrónico y, si lo das, teléfono y parentesco.',
        'De cada alumno: nombre, apellidos y nivel escolar que solicita. Son datos de menores de edad: los tratamos con el consentimiento de quien ejerce la patria potestad o la tutela, que es quien llena este formulario.',
        'No te pedimos datos sensibles (de salud, creencias u origen) en este registro.',
      ],
    },
    {
      title: 'Para qué los usamos',
      paragraphs: [
        'Para atender tu solicitud de lugar: registrar a tus hijos como aspirantes, contactarte sobre el proceso de admisión e inscripción y, si se inscriben, integrar su expediente escolar y administrativo.',
        'No usamos tus datos para publicidad ni para finalidades distintas de las anteriores sin pedirte antes tu consentimiento.',
      ],
    },
    {
      title: 'Con quién los compartimos',
      paragraphs: [
        'La escuela no vende ni transfiere tus datos a terceros sin tu consentimiento, salvo en los casos que la ley permite (por ejemplo, por requerimiento de una autoridad competente). Cuota y los proveedores que alojan la plataforma los tratan como encargados de la escuela.',
      ],
    },
    {
      title: 'Tus derechos ARCO',
      paragraphs: [
        'Puedes pedir el Acceso a tus datos, su Rectificación si son inexactos, su Cancelación cuando ya no sean necesarios, u Oponerte a su uso para alguna finalidad; también puedes revocar tu consentimiento o limitar su uso y divulgación.',
        'Para hacerlo, envía tu solicitud a la escuela con tu nombre, un medio para responderte, una identificación (y, si actúas por tus hijos, lo que acredite la patria potestad o tutela) y la descripción de lo que pides. La escuela te responderá en un plazo máximo de 20 días hábiles.',
      ],
    },
    {
      title: 'Cómo contactar a la escuela',
      paragraphs: [
        ...contactParagraphs(school),
        'Si la escuela cambia este aviso, publicará la versión vigente en esta misma página.',
      ],
    },
  ];
}

/** The school's own ways to be reached, or where to find them when it gave none. */
function contactParagraphs(school: PrivacyNoticeSchool): string[] {
  const ways = [
    school.contactEmail && `por correo electrónico a ${school.contactEmail}`,
    school.contactPhone && `por teléfono al ${school.contactPhone}`,
    school.address && `en su domicilio: ${school.address}`,
  ].filter(Boolean);
  if (!ways.length)
    return [
      'Comunícate con la dirección o la oficina de admisiones de la escuela, en su domicilio, teléfono o correo electrónico oficiales.',
    ];
  return [
    `Comunícate con la dirección o la oficina de admisiones de la escuela ${ways.join('; ')}.`,
  ];
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
