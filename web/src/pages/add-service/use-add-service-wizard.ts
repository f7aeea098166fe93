import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '@sh/shared/contract';
import { ApiError } from '../../api/client';
import { createServiceRecord, lookupVehicleVin, validateVehicle } from '../../api/service-records';
import {
  buildCreateRequest,
  checkChecklistExtras,
  EMPTY_ADD_SERVICE_VALUES,
  isBelowLastMileage,
  parseRegistration,
  parseVehicleDetails,
  toAddServiceErrors,
  type TAddServiceErrors,
  type TAddServiceField,
  type TAddServiceValues,
} from '../../lib/add-service-form';
import { fieldErrorsOf, messageOf } from '../../lib/error-message';
import { withFlash } from '../../lib/flash-message';
import { createIdempotencyKey } from '../../lib/idempotency-key';

export type TWizardStep = 1 | 2 | 3;

/** What the VIN lookup said about the registration: the VIN on record (null when none) and the last mileage. */
export type TKnownVehicle = { registration: string; vin: string | null; lastMileage: number | null };

/** The check's warning that the registration was recorded before with another VIN. */
export type TVinWarning = { vin: string; message: string; recordedVin: string };

/** A message for the whole step or the dialog; `code` lets the page add a way out (subscribe). */
export type TWizardAlert = { message: string; code: string | null };

export type TBusy = 'lookup' | 'validate' | 'submit' | null;

/**
 * The add-record wizard's state and moves (SPEC.md section 4: step 1 to 2 after the VIN lookup, 2 to 3 after
 * the vehicle check, step 3 opens the secure dialog, a submit returns to /garage). Every value stays while the
 * garage moves back and forth and after any failure. Each move that can fail answers the field to focus.
 */
export function useAddServiceWizard() {
  const navigate = useNavigate();
  const [step, setStep] = useState<TWizardStep>(1);
  const [values, setValues] = useState<TAddServiceValues>(EMPTY_ADD_SERVICE_VALUES);
  const [errors, setErrors] = useState<TAddServiceErrors>({});
  const [alert, setAlert] = useState<TWizardAlert | null>(null);
  const [vehicle, setVehicle] = useState<TKnownVehicle | null>(null);
  const [vinWarning, setVinWarning] = useState<TVinWarning | null>(null);
  const [busy, setBusy] = useState<TBusy>(null);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [dialogAlert, setDialogAlert] = useState<TWizardAlert | null>(null);
  // One key for the whole wizard: a retried or doubled submit is the same submission to the server.
  const [idempotencyKey] = useState(createIdempotencyKey);

  const lastMileage = vehicle?.lastMileage ?? null;
  const isMileageLower = isBelowLastMileage(values.mileage, lastMileage);

  function update<TField extends keyof TAddServiceValues>(field: TField, value: TAddServiceValues[TField]) {
    setValues((current) => {
      const next = { ...current, [field]: value };
      // A confirmation covers the figure or VIN it was given for, not the next one typed.
      if (field === 'mileage') next.isLowerMileageConfirmed = false;
      if (field === 'vin') next.isVinMismatchConfirmed = false;
      return next;
    });
    const cleared: TAddServiceField[] = [field as TAddServiceField];
    if (field === 'mileage' || field === 'isLowerMileageConfirmed') cleared.push('lowerMileageConfirmation');
    if (field === 'vin' || field === 'isVinMismatchConfirmed') cleared.push('vinMismatchConfirmation');
    if (field === 'selectedItems') cleared.push('services');
    setErrors((current) => omit(current, cleared));
    if (field === 'vin') setVinWarning(null);
  }

  function showFailure(error: unknown): TAddServiceErrors {
    const fieldErrors = toAddServiceErrors(fieldErrorsOf(error));
    setErrors((current) => ({ ...current, ...fieldErrors }));
    return fieldErrors;
  }

  async function continueFromRegistration(): Promise<TAddServiceField | null> {
    setAlert(null);
    const parsed = parseRegistration(values.registration);
    if ('error' in parsed) {
      setErrors((current) => ({ ...current, registration: parsed.error }));
      return 'registration';
    }
    setErrors((current) => omit(current, ['registration']));
    // Back then Continue with the same registration keeps what step 2 holds.
    if (vehicle?.registration === parsed.registration) {
      setStep(2);
      return null;
    }
    setBusy('lookup');
    try {
      const found = await lookupVehicleVin(parsed.registration);
      setVehicle({ registration: parsed.registration, vin: found?.vin ?? null, lastMileage: found?.lastMileage ?? null });
      setValues((current) => ({ ...current, vin: found?.vin ?? '', isLowerMileageConfirmed: false, isVinMismatchConfirmed: false }));
      setVinWarning(null);
      setStep(2);
      return null;
    } catch (error) {
      const fieldErrors = showFailure(error);
      if (fieldErrors.registration) return 'registration';
      setAlert(toAlert(error));
      return null;
    } finally {
      setBusy(null);
    }
  }

  async function continueFromVehicle(): Promise<TAddServiceField | null> {
    if (!vehicle) return null;
    setAlert(null);
    const parsed = parseVehicleDetails(values);
    if ('errors' in parsed) {
      setErrors((current) => ({ ...current, ...parsed.errors }));
      return parsed.errors.vin ? 'vin' : 'mileage';
    }
    if (isMileageLower && !values.isLowerMileageConfirmed) {
      setErrors((current) => ({ ...current, lowerMileageConfirmation: MESSAGES.records.confirmToContinue }));
      return 'lowerMileageConfirmation';
    }
    if (vinWarning?.vin === parsed.vin && !values.isVinMismatchConfirmed) {
      setErrors((current) => ({ ...current, vinMismatchConfirmation: MESSAGES.records.confirmToContinue }));
      return 'vinMismatchConfirmation';
    }
    setBusy('validate');
    try {
      const check = await validateVehicle({ vin: parsed.vin, vehicleRegistration: vehicle.registration });
      const recordedLastMileage = check.lastMileage ?? vehicle.lastMileage;
      setVehicle({ ...vehicle, lastMileage: recordedLastMileage });
      if (recordedLastMileage !== null && parsed.mileage < recordedLastMileage && !values.isLowerMileageConfirmed) {
        return 'lowerMileageConfirmation';
      }
      const mismatch = check.warnings.find((warning) => warning.code === 'vin_mismatch');
      if (mismatch && !values.isVinMismatchConfirmed) {
        setVinWarning({ vin: parsed.vin, message: mismatch.message, recordedVin: mismatch.recordedVin });
        return 'vinMismatchConfirmation';
      }
      setStep(3);
      return null;
    } catch (error) {
      const fieldErrors = showFailure(error);
      if (fieldErrors.vin) return 'vin';
      setAlert(toAlert(error));
      return null;
    } finally {
      setBusy(null);
    }
  }

  function back() {
    setAlert(null);
    setStep((current) => (current === 3 ? 2 : 1));
  }

  /** Opens the secure dialog once a service is chosen and the optional fields are well formed. */
  function openDialog(): TAddServiceField | null {
    setAlert(null);
    if (values.selectedItems.length === 0) {
      setErrors((current) => ({ ...current, services: MESSAGES.records.serviceTypeRequired }));
      return 'services';
    }
    const extraErrors = checkChecklistExtras(values);
    setErrors((current) => ({ ...omit(current, ['notes', 'technicianName', 'customerEmail', 'customerPhone']), ...extraErrors }));
    const first = (['notes', 'technicianName', 'customerEmail', 'customerPhone'] as const).find((field) => extraErrors[field]);
    if (first) return first;
    setDialogAlert(null);
    setIsDialogOpen(true);
    return null;
  }

  function closeDialog() {
    if (busy === 'submit') return;
    setIsDialogOpen(false);
  }

  async function submit(): Promise<TAddServiceField | null> {
    if (!vehicle || busy) return null;
    setDialogAlert(null);
    const built = buildCreateRequest(values, vehicle.registration);
    if ('errors' in built) {
      setErrors((current) => ({ ...current, ...built.errors }));
      const first = built.errors.fullName ? 'fullName' : built.errors.password ? 'password' : null;
      setDialogAlert({ message: first ? MESSAGES.submit.fillAllFields : (Object.values(built.errors)[0] ?? MESSAGES.submit.failed), code: null });
      return first;
    }
    setBusy('submit');
    try {
      await createServiceRecord(built.request, idempotencyKey);
      navigate('/garage', { state: withFlash(MESSAGES.submit.success) });
      return null;
    } catch (error) {
      const fieldErrors = showFailure(error);
      setDialogAlert(toAlert(error, MESSAGES.submit.failed));
      if (error instanceof ApiError && error.status === 401) return 'password';
      return fieldErrors.fullName ? 'fullName' : null;
    } finally {
      setBusy(null);
    }
  }

  return {
    step,
    values,
    errors,
    alert,
    vehicle,
    vinWarning,
    isMileageLower,
    busy,
    isDialogOpen,
    dialogAlert,
    update,
    continueFromRegistration,
    continueFromVehicle,
    back,
    openDialog,
    closeDialog,
    submit,
  };
}

export type TAddServiceWizard = ReturnType<typeof useAddServiceWizard>;


function toAlert(error: unknown, fallback?: string): TWizardAlert {
  return { message: messageOf(error, fallback), code: error instanceof ApiError ? error.code : null };
}

function omit(errors: TAddServiceErrors, fields: readonly TAddServiceField[]): TAddServiceErrors {
  const next = { ...errors };
  for (const field of fields) delete next[field];
  return next;
}
