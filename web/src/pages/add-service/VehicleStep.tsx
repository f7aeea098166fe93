import { useRef, type FormEvent, type Ref } from 'react';
import { MESSAGES, MILEAGE_MAX } from '@sh/shared/contract';
import { CheckboxField } from '../../components/CheckboxField';
import { FormAlert } from '../../components/FormAlert';
import { FormField } from '../../components/FormField';
import { ArrowLeftIcon, WarningIcon } from '../../components/icons';
import { NumberPlate } from '../../components/NumberPlate';
import { toVinTyping, type TAddServiceField } from '../../lib/add-service-form';
import { formatMileage, formatTodayInUk } from '../../lib/format';
import type { TAddServiceWizard } from './use-add-service-wizard';

/**
 * Step 2: the VIN (filled in from the last record, typed when none is known), the service date locked to
 * today in the UK, and the mileage. A mileage below the last recorded one, or a VIN other than the one on
 * record, needs the garage's explicit confirmation before the step can be left.
 */
export function VehicleStep({ wizard, headingRef }: { wizard: TAddServiceWizard; headingRef: Ref<HTMLHeadingElement> }) {
  const refs = useRef<Partial<Record<TAddServiceField, HTMLInputElement | null>>>({});
  const { values, errors, vehicle, vinWarning } = wizard;
  const isChecking = wizard.busy === 'validate';
  const lastMileage = formatMileage(vehicle?.lastMileage);
  const bind = (field: TAddServiceField) => (element: HTMLInputElement | null) => {
    refs.current[field] = element;
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (wizard.busy) return;
    const focus = await wizard.continueFromVehicle();
    if (focus) refs.current[focus]?.focus();
  }

  return (
    <form className="form wizard-step" noValidate onSubmit={(event) => void handleSubmit(event)} aria-labelledby="wizard-step-title">
      <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1} className="wizard-step__title">
        Vehicle details for {vehicle ? <NumberPlate registration={vehicle.registration} size="sm" /> : null}
      </h2>
      {vehicle && !vehicle.vin ? <FormAlert tone="info">{MESSAGES.records.vinNotFound}</FormAlert> : null}
      <div className="form__grid">
        <div className="form__wide">
          <FormField
            ref={bind('vin')}
            label="VIN"
            hint={vehicle?.vin ? 'Filled in from this vehicle’s last record. Check it against the vehicle.' : 'The 17-character Vehicle Identification Number.'}
            name="vin"
            value={values.vin}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-required
            error={errors.vin}
            onChange={(event) => wizard.update('vin', toVinTyping(event.target.value))}
          />
        </div>
        <FormField label="Service date" name="service_date" value={formatTodayInUk()} readOnly hint="Today, UK time. It cannot be changed." />
        <FormField
          ref={bind('mileage')}
          label="Mileage"
          hint={lastMileage ? `Last recorded: ${lastMileage}` : 'As shown on the odometer.'}
          name="mileage"
          type="number"
          inputMode="numeric"
          min={0}
          max={MILEAGE_MAX}
          step={1}
          value={values.mileage}
          aria-required
          error={errors.mileage}
          onChange={(event) => wizard.update('mileage', event.target.value)}
        />
      </div>

      {wizard.isMileageLower ? (
        <div className="notice notice--warning wizard-confirm" role="status">
          <WarningIcon size={22} />
          <div>
            <p className="wizard-confirm__text">{MESSAGES.records.mileageLower}</p>
            <CheckboxField
              ref={bind('lowerMileageConfirmation')}
              label="I confirm the mileage is correct"
              checked={values.isLowerMileageConfirmed}
              error={errors.lowerMileageConfirmation}
              onChange={(event) => wizard.update('isLowerMileageConfirmed', event.target.checked)}
            />
          </div>
        </div>
      ) : null}

      {vinWarning ? (
        <div className="notice notice--warning wizard-confirm" role="alert">
          <WarningIcon size={22} />
          <div>
            <p className="wizard-confirm__text">{vinWarning.message}</p>
            <p className="wizard-confirm__detail">
              VIN on record: <code>{vinWarning.recordedVin}</code>
            </p>
            <CheckboxField
              ref={bind('vinMismatchConfirmation')}
              label="I confirm this VIN is correct for this vehicle"
              checked={values.isVinMismatchConfirmed}
              error={errors.vinMismatchConfirmation}
              onChange={(event) => wizard.update('isVinMismatchConfirmed', event.target.checked)}
            />
          </div>
        </div>
      ) : null}

      <div className="form__actions wizard-step__actions" aria-live="polite">
        <button type="button" className="button button--ghost button--large" disabled={isChecking} onClick={wizard.back}>
          <ArrowLeftIcon size={18} />
          Back
        </button>
        <button type="submit" className="button button--primary button--large" disabled={isChecking} aria-busy={isChecking}>
          {isChecking ? 'Checking vehicle...' : 'Continue'}
        </button>
      </div>
    </form>
  );
}
