import { useState, type ChangeEvent } from 'react';
import {
  LOGO_MAX_BYTES,
  LOGO_UPLOAD_TYPES,
  ZUpdateGarageDetailsRequestSchema,
  type TGarageProfile,
  GARAGE_PROFILE_MESSAGES,
} from '@sh/shared/contract';
import { Link } from 'react-router-dom';
import { uploadGarageLogo } from '../../api/garage-logo';
import { updateGarageDetails } from '../../api/garage-profiles';
import { SchemaForm } from '../../components/SchemaForm';
import { TextAreaField } from '../../components/TextAreaField';
import { messageOf } from '../../lib/error-message';
import { useSchemaForm } from '../../lib/use-schema-form';
import '../../styles/garage-profiles.css';

/**
 * The owner's public page (docs/product.md#garage-profiles): the opening hours and services it shows, and the logo.
 * Shown to the garage's owner only (GARAGE_CAPABILITIES.editGarageDetails), and loaded lazily. A logo over 1 MB is
 * refused here before it is sent; the server refuses it too, and re-encodes every logo it keeps.
 */
export function GarageProfilePanel({ garage }: { garage: TGarageProfile }) {
  const [note, setNote] = useState<string | null>(null);
  const [logoUrl, setLogoUrl] = useState(garage.logo_url);
  const form = useSchemaForm({
    initialValues: { opening_hours: garage.opening_hours, services_offered: garage.services_offered },
    schema: ZUpdateGarageDetailsRequestSchema,
    onSubmit: async (request) => {
      await updateGarageDetails(request);
      setNote(GARAGE_PROFILE_MESSAGES.detailsUpdated);
    },
  });

  const chooseLogo = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) return setNote(GARAGE_PROFILE_MESSAGES.logoTooLarge);
    setNote(null);
    uploadGarageLogo(file).then(
      (url) => {
        setLogoUrl(url);
        setNote(GARAGE_PROFILE_MESSAGES.logoUpdated);
      },
      (error: unknown) => setNote(messageOf(error)),
    );
  };

  return (
    <section className="log-panel profile-panel" aria-labelledby="profile-panel-title">
      <h2 id="profile-panel-title">Your public page</h2>
      <p className="log-panel__lead">
        Buyers reach your page from “Serviced by” on every record you log, and from the garage finder while you are
        subscribed. <Link to={`/garages/${garage.slug}`}>See your page</Link>
      </p>
      {note ? (
        <p className="profile-panel__note" role="status">
          {note}
        </p>
      ) : null}
      <div className="profile-panel__logo">
        {logoUrl ? <img src={logoUrl} alt={`${garage.name} logo`} width={96} height={96} /> : null}
        <label className="button button--ghost">
          {logoUrl ? 'Change logo' : 'Upload a logo'}
          <input type="file" className="visually-hidden" accept={LOGO_UPLOAD_TYPES.join(',')} onChange={chooseLogo} />
        </label>
        <p className="field-hint">PNG, JPEG or WebP, at most 1 MB.</p>
      </div>
      <SchemaForm form={form} label="Your page's details" submitLabel="Save details" layout="card">
        <TextAreaField label="Opening hours" rows={3} {...form.bindField('opening_hours')} />
        <TextAreaField label="Services offered" rows={4} {...form.bindField('services_offered')} />
      </SchemaForm>
    </section>
  );
}
