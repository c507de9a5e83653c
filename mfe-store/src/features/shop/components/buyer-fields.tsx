import { EDUCATION_LEVEL_LABELS, EDUCATION_LEVELS } from '@cuota/contracts/enrolment/entities';
import {
  FAMILY_CFDI_USES,
  REGIMENES_FISCALES,
  USOS_CFDI,
} from '@cuota/contracts/invoicing/fiscal-catalogs';
import type { Dependent } from '@cuota/contracts/enrolment/responses';
import { FieldGrid, FieldLabel, Select } from '@cuota/ui/form-pieces';
import { TextField } from '@cuota/ui/text-field';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import type { GuestLead } from '../utils/guest-lead';

/** A family with several students here says whom the purchase is for (its CFDI names them). */
export function StudentChooser({
  students,
  value,
  onChange,
}: {
  students: Dependent[];
  value: string;
  onChange: (studentId: string) => void;
}) {
  if (students.length === 1) return <p>Compra para {students[0]!.first_name}.</p>;
  return (
    <FieldLabel>
      ¿Para quién es la compra?
      <Select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Elige a tu alumno</option>
        {students.map((s) => (
          <option key={s.id} value={s.id}>
            {s.first_name} {s.last_name}
          </option>
        ))}
      </Select>
    </FieldLabel>
  );
}

/** A guest's data: the school's sign-up of a lead, in the checkout (ADR 0083). */
export function GuestLeadFields({
  schoolId,
  lead,
  onChange,
}: {
  schoolId: string;
  lead: GuestLead;
  onChange: (lead: GuestLead) => void;
}) {
  const field = (name: keyof GuestLead) => ({
    value: String(lead[name]),
    onChange: (e: { target: { value: string } }) => onChange({ ...lead, [name]: e.target.value }),
  });
  return (
    <>
      <FieldGrid>
        <TextField label="Tu nombre" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Tus apellidos" autoComplete="family-name" {...field('lastName')} />
        <TextField
          label="Tu correo"
          hint="Ahí te enviamos la confirmación de tu compra."
          type="email"
          autoComplete="email"
          {...field('email')}
        />
        <TextField label="Tu teléfono" type="tel" autoComplete="tel" {...field('phone')} />
        <TextField label="Nombre del alumno" {...field('childFirstName')} />
        <TextField label="Apellidos del alumno" {...field('childLastName')} />
        <FieldLabel>
          Nivel del alumno
          <Select {...field('level')}>
            {EDUCATION_LEVELS.map((level) => (
              <option key={level} value={level}>
                {EDUCATION_LEVEL_LABELS[level]}
              </option>
            ))}
          </Select>
        </FieldLabel>
      </FieldGrid>
      <label>
        <input
          type="checkbox"
          checked={lead.privacyAccepted}
          onChange={(e) => onChange({ ...lead, privacyAccepted: e.target.checked })}
        />{' '}
        Acepto el{' '}
        <UtmLink to={`/store/${encodeURIComponent(schoolId)}/aviso-de-privacidad`} target="_blank">
          aviso de privacidad
        </UtmLink>{' '}
        de la escuela; la escuela podrá contactarme.
      </label>
      <GuestInvoiceFields lead={lead} onChange={onChange} field={field} />
    </>
  );
}

/** A guest who wants a CFDI to their name leaves their fiscal data (ADR 0092). */
function GuestInvoiceFields({
  lead,
  onChange,
  field,
}: {
  lead: GuestLead;
  onChange: (lead: GuestLead) => void;
  field: (name: keyof GuestLead) => {
    value: string;
    onChange: (e: { target: { value: string } }) => void;
  };
}) {
  return (
    <>
      <label>
        <input
          type="checkbox"
          checked={lead.wantsInvoice}
          onChange={(e) => onChange({ ...lead, wantsInvoice: e.target.checked })}
        />{' '}
        Quiero factura (CFDI) a mi nombre
      </label>
      {lead.wantsInvoice ? (
        <FieldGrid>
          <TextField label="RFC" autoComplete="off" {...field('taxId')} />
          <TextField
            label="Nombre o razón social"
            hint="Tal como aparece en tu constancia de situación fiscal."
            {...field('billingName')}
          />
          <TextField label="Código postal fiscal" inputMode="numeric" {...field('taxZipCode')} />
          <FieldLabel>
            Régimen fiscal
            <Select {...field('taxRegime')}>
              <option value="">Elige tu régimen</option>
              {Object.entries(REGIMENES_FISCALES).map(([code, r]) => (
                <option key={code} value={code}>
                  {code} · {r.description}
                </option>
              ))}
            </Select>
          </FieldLabel>
          <FieldLabel>
            Uso del CFDI
            <Select {...field('cfdiUse')}>
              {FAMILY_CFDI_USES.map((code) => (
                <option key={code} value={code}>
                  {code} · {USOS_CFDI[code].description}
                </option>
              ))}
            </Select>
          </FieldLabel>
        </FieldGrid>
      ) : (
        <p>Sin tus datos fiscales, tu compra se factura a público en general.</p>
      )}
    </>
  );
}
