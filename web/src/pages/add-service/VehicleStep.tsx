import type { ReactNode, Ref } from 'react';
import { MESSAGES, MILEAGE_MAX } from '@sh/shared/contract';
import { CheckboxField } from '../../components/CheckboxField';
import { FormAlert } from '../../components/FormAlert';
import { FormField } from '../../components/FormField';
import { WarningIcon } from '../../components/icons';
import { NumberPlate } from '../../components/NumberPlate';
import { formatMileage, formatTodayInUk } from '../../lib/format';
import type { TAddServiceWizard } from './use-add-service-wizard';
import { toUpperCaseTyping } from './wizard-form';
import { WizardBackButton, WizardStepForm } from './WizardStepForm';

/**
 * Step 2: the VIN (filled in from the last record, typed when none is known), the service date locked to
 * today in the UK, and the mileage. A mileage below the last recorded one, or a VIN other than the one on
 * record, needs the garage's explicit confirmation before the step can be left.
 */
export function VehicleStep({
  wizard,
  headingRef,
}: {
  wizard: TAddServiceWizard;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { form, vehicle, vinWarning } = wizard;
  const isChecking = wizard.busy === 'validate';
  const lastMileage = formatMileage(vehicle?.lastMileage);

  return (
    <WizardStepForm
      title={<>Vehicle details for {vehicle ? <NumberPlate registration={vehicle.registration} size="sm" /> : null}</>}
      headingRef={headingRef}
      onSubmit={() => void wizard.continueFromVehicle()}
    >
      {vehicle && !vehicle.vin ? <FormAlert tone="info">{MESSAGES.records.vinNotFound}</FormAlert> : null}
      <div className="form__grid">
        <div className="form__wide">
          <FormField
            label="VIN"
            hint={
              vehicle?.vin
                ? 'Filled in from this vehicle’s last record. Check it against the vehicle.'
                : 'The 17-character Vehicle Identification Number.'
            }
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-required
            {...form.bindField('vin')}
            onChange={(event) => wizard.update('vin', toUpperCaseTyping(event.target.value))}
          />
        </div>
        <FormField
          label="Service date"
          name="service_date"
          value={formatTodayInUk()}
          readOnly
          hint="Today, UK time. It cannot be changed."
        />
        <FormField
          label="Mileage"
          hint={lastMileage ? `Last recorded: ${lastMileage}` : 'As shown on the odometer.'}
          type="number"
          inputMode="numeric"
          min={0}
          max={MILEAGE_MAX}
          step={1}
          aria-required
          {...form.bindField('mileage')}
          onChange={(event) => wizard.update('mileage', event.target.value)}
        />
      </div>

      {wizard.isMileageLower ? (
        <Confirmation role="status" message={MESSAGES.records.mileageLower}>
          <CheckboxField label="I confirm the mileage is correct" {...form.bindCheckbox('lowerMileageConfirmation')} />
        </Confirmation>
      ) : null}

      {vinWarning ? (
        <Confirmation
          role="alert"
          message={vinWarning.message}
          detail={
            <>
              VIN on record: <code>{vinWarning.recordedVin}</code>
            </>
          }
        >
          <CheckboxField
            label="I confirm this VIN is correct for this vehicle"
            {...form.bindCheckbox('vinMismatchConfirmation')}
          />
        </Confirmation>
      ) : null}

      <div className="form__actions wizard-step__actions" aria-live="polite">
        <WizardBackButton onBack={wizard.back} disabled={isChecking} />
        <button
          type="submit"
          className="button button--primary button--large"
          disabled={isChecking}
          aria-busy={isChecking}
        >
          {isChecking ? 'Checking vehicle...' : 'Continue'}
        </button>
      </div>
    </WizardStepForm>
  );
}

/** A warning that needs the garage's tick before the step can be left. */
function Confirmation({
  role,
  message,
  detail,
  children,
}: {
  role: 'status' | 'alert';
  message: string;
  detail?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="notice notice--warning wizard-confirm" role={role}>
      <WarningIcon size={22} />
      <div>
        <p className="wizard-confirm__text">{message}</p>
        {detail ? <p className="wizard-confirm__detail">{detail}</p> : null}
        {children}
      </div>
    </div>
  );
}
