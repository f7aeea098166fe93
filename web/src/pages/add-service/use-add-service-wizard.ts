import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES, ZCreateServiceRecordRequestSchema, ZVinLookupRequestSchema } from '@sh/shared/contract';
import { ApiError } from '../../api/client';
import { createServiceRecord, lookupVehicleVin, validateVehicle } from '../../api/service-records';
import { messageOf } from '../../lib/error-message';
import { withFlash } from '../../lib/flash-message';
import { createIdempotencyKey } from '../../lib/idempotency-key';
import { useSchemaForm } from '../../lib/use-schema-form';
import {
  ADD_SERVICE_PATHS,
  CHECKLIST_FIELDS,
  EMPTY_ADD_SERVICE_VALUES,
  isBelowLastMileage,
  toCreateInput,
  toMileageInput,
  VEHICLE_FIELDS,
  ZChecklistStepSchema,
  ZVehicleStepSchema,
  type TAddServiceValues,
} from './wizard-form';

export type TWizardStep = 1 | 2 | 3;

/** What the VIN lookup said about the registration: the VIN on record (null when none) and the last mileage. */
export type TKnownVehicle = { registration: string; vin: string | null; lastMileage: number | null };

/** The check's warning that the registration was recorded before with another VIN. */
export type TVinWarning = { vin: string; message: string; recordedVin: string };

/** A message for the whole step or the dialog; `code` lets the page add a way out (subscribe). */
export type TWizardAlert = { message: string; code: string | null };

export type TBusy = 'lookup' | 'validate' | 'submit' | null;

/**
 * The add-record wizard's state and moves (docs/product.md#adding-a-service: step 1 to 2 after the VIN lookup, 2 to 3 after
 * the vehicle check, step 3 opens the secure dialog, a submit returns to /garage). Its fields are one form of
 * the kit (useSchemaForm), each step checked with its part of the shared create schema. Every value stays
 * while the garage moves back and forth and after any failure; a failed move focuses the field to fix.
 */
export function useAddServiceWizard() {
  const navigate = useNavigate();
  const form = useSchemaForm({ initialValues: EMPTY_ADD_SERVICE_VALUES, paths: ADD_SERVICE_PATHS });
  const [step, setStep] = useState<TWizardStep>(1);
  const [alert, setAlert] = useState<TWizardAlert | null>(null);
  const [vehicle, setVehicle] = useState<TKnownVehicle | null>(null);
  const [vinWarning, setVinWarning] = useState<TVinWarning | null>(null);
  const [busy, setBusy] = useState<TBusy>(null);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [dialogAlert, setDialogAlert] = useState<TWizardAlert | null>(null);
  // One key for the whole wizard: a retried or doubled submit is the same submission to the server.
  const [idempotencyKey] = useState(createIdempotencyKey);
  const { values } = form;

  const lastMileage = vehicle?.lastMileage ?? null;
  const isMileageLower = isBelowLastMileage(values.mileage, lastMileage);

  /** Edits a field; a confirmation covers the figure or VIN it was given for, not the next one typed. */
  function update<TField extends keyof TAddServiceValues>(field: TField, value: TAddServiceValues[TField]) {
    form.setValue(field, value);
    if (field === 'mileage') form.setValue('lowerMileageConfirmation', false);
    if (field === 'vin') {
      form.setValue('vinMismatchConfirmation', false);
      setVinWarning(null);
    }
  }

  /** Shows the server's field messages and answers them. */
  function showFieldFailure(error: unknown) {
    const fieldErrors = form.mapServerErrors(error);
    form.addErrors(fieldErrors);
    return fieldErrors;
  }

  async function continueFromRegistration() {
    if (busy) return;
    setAlert(null);
    const checked = form.check(ZVinLookupRequestSchema, values, ['registration']);
    if (!checked) return;
    // Back then Continue with the same registration keeps what step 2 holds.
    if (vehicle?.registration === checked.registration) {
      setStep(2);
      return;
    }
    setBusy('lookup');
    try {
      const found = await lookupVehicleVin(checked.registration);
      setVehicle({
        registration: checked.registration,
        vin: found?.vin ?? null,
        lastMileage: found?.lastMileage ?? null,
      });
      update('vin', found?.vin ?? '');
      form.setValue('lowerMileageConfirmation', false);
      setStep(2);
    } catch (error) {
      if (showFieldFailure(error).registration) form.focus('registration');
      else setAlert(toAlert(error));
    } finally {
      setBusy(null);
    }
  }

  async function continueFromVehicle() {
    if (!vehicle || busy) return;
    setAlert(null);
    const checked = form.check(
      ZVehicleStepSchema,
      {
        vin: values.vin,
        mileage: toMileageInput(values.mileage),
        lowerMileageConfirmation: values.lowerMileageConfirmation,
        vinMismatchConfirmation: values.vinMismatchConfirmation,
        lastMileage,
        warnedVin: vinWarning?.vin ?? null,
      },
      VEHICLE_FIELDS,
    );
    if (!checked) return;
    setBusy('validate');
    try {
      const check = await validateVehicle({ vin: checked.vin, vehicleRegistration: vehicle.registration });
      const recordedLastMileage = check.lastMileage ?? vehicle.lastMileage;
      setVehicle({ ...vehicle, lastMileage: recordedLastMileage });
      if (recordedLastMileage !== null && checked.mileage < recordedLastMileage && !values.lowerMileageConfirmation) {
        form.focus('lowerMileageConfirmation');
        return;
      }
      const mismatch = check.warnings.find((warning) => warning.code === 'vin_mismatch');
      if (mismatch && !values.vinMismatchConfirmation) {
        setVinWarning({ vin: checked.vin, message: mismatch.message, recordedVin: mismatch.recordedVin });
        form.focus('vinMismatchConfirmation');
        return;
      }
      setStep(3);
    } catch (error) {
      if (showFieldFailure(error).vin) form.focus('vin');
      else setAlert(toAlert(error));
    } finally {
      setBusy(null);
    }
  }

  function back() {
    setAlert(null);
    setStep((current) => (current === 3 ? 2 : 1));
  }

  /** Opens the secure dialog once a service is chosen and the optional fields are well formed. */
  function openDialog() {
    setAlert(null);
    if (!form.check(ZChecklistStepSchema, toCreateInput(values, vehicle?.registration ?? ''), CHECKLIST_FIELDS)) return;
    setDialogAlert(null);
    setIsDialogOpen(true);
  }

  function closeDialog() {
    if (busy === 'submit') return;
    setIsDialogOpen(false);
  }

  async function submit() {
    if (!vehicle || busy) return;
    setDialogAlert(null);
    const request = form.check(ZCreateServiceRecordRequestSchema, toCreateInput(values, vehicle.registration));
    if (!request) {
      setDialogAlert({ message: MESSAGES.submit.fillAllFields, code: null });
      return;
    }
    setBusy('submit');
    try {
      await createServiceRecord(request, idempotencyKey);
      navigate('/garage', { state: withFlash(MESSAGES.submit.success) });
    } catch (error) {
      const fieldErrors = showFieldFailure(error);
      setDialogAlert(toAlert(error, MESSAGES.submit.failed));
      if (error instanceof ApiError && error.status === 401) form.focus('password');
      else if (fieldErrors.fullName) form.focus('fullName');
    } finally {
      setBusy(null);
    }
  }

  return {
    form,
    step,
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
