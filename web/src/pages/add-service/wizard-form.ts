import {
  joinServiceItems,
  MESSAGES,
  ZCreateServiceRecordRequestSchema,
  ZMileageSchema,
  type TCreateServiceRecordInput,
} from '@sh/shared/contract';
import { inChecklistOrder } from '../../lib/service-items';

/** What the add-record wizard holds, as typed (docs/product.md#adding-a-service), in the order it is asked. */
export const EMPTY_ADD_SERVICE_VALUES = {
  registration: '',
  vin: '',
  mileage: '',
  lowerMileageConfirmation: false,
  vinMismatchConfirmation: false,
  services: [] as readonly string[],
  notes: '',
  technicianName: '',
  customerEmail: '',
  customerPhone: '',
  fullName: '',
  password: '',
};
export type TAddServiceValues = typeof EMPTY_ADD_SERVICE_VALUES;
/** A field of the wizard, as its messages and focus name it. */
export type TAddServiceField = keyof TAddServiceValues;

/** The API's field paths (create, validate and the VIN lookup) that name a wizard field of another name. */
export const ADD_SERVICE_PATHS: Readonly<Record<string, TAddServiceField>> = {
  vehicle_registration: 'registration',
  vehicleRegistration: 'registration',
  service_type: 'services',
  technician_name: 'technicianName',
  customer_email: 'customerEmail',
  customer_phone: 'customerPhone',
  full_name: 'fullName',
};

/** The fields step 2 checks. */
export const VEHICLE_FIELDS: readonly TAddServiceField[] = [
  'vin',
  'mileage',
  'lowerMileageConfirmation',
  'vinMismatchConfirmation',
];
/** The fields step 3 checks. */
export const CHECKLIST_FIELDS: readonly TAddServiceField[] = [
  'services',
  'notes',
  'technicianName',
  'customerEmail',
  'customerPhone',
];

/** A registration or VIN as it is typed: upper case, spaces kept ("AB12 CDE"); the schema removes them. */
export function toUpperCaseTyping(raw: string): string {
  return raw.toUpperCase();
}

/** The typed mileage as the schema takes it: a number, or undefined when nothing is typed. */
export function toMileageInput(typed: string): number | undefined {
  return typed.trim() === '' ? undefined : Number(typed);
}

/** True when the typed mileage is a valid figure lower than the last one recorded for the vehicle. */
export function isBelowLastMileage(typed: string, lastMileage: number | null): boolean {
  const parsed = ZMileageSchema.safeParse(toMileageInput(typed));
  return parsed.success && lastMileage !== null && parsed.data < lastMileage;
}

/** The create request as typed; the garage and the date are the server's. */
export function toCreateInput(values: TAddServiceValues, registration: string): TCreateServiceRecordInput {
  return {
    vin: values.vin,
    vehicle_registration: registration,
    mileage: toMileageInput(values.mileage) as number,
    service_type: joinServiceItems(inChecklistOrder(values.services)),
    notes: values.notes,
    technician_name: values.technicianName,
    customer_email: values.customerEmail,
    customer_phone: values.customerPhone,
    vehicleCheck: true,
    full_name: values.fullName,
    password: values.password,
  };
}

/** A refinement that runs once the fields before it have passed. */
const ONCE_FIELDS_PASS = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

/**
 * Step 2: the VIN and the mileage with the schemas the server uses; once they pass, a mileage below the last
 * recorded one, then a VIN the check warned about, needs its box ticked. Input: vin, mileage (a number),
 * lowerMileageConfirmation, vinMismatchConfirmation, lastMileage and warnedVin.
 */
export const ZVehicleStepSchema = ZCreateServiceRecordRequestSchema.pick({ vin: true, mileage: true })
  .loose()
  .refine(
    (step) =>
      !(
        typeof step.lastMileage === 'number' &&
        step.mileage < step.lastMileage &&
        step.lowerMileageConfirmation !== true
      ),
    {
      path: ['lowerMileageConfirmation'],
      error: MESSAGES.records.confirmToContinue,
      abort: true,
      ...ONCE_FIELDS_PASS,
    },
  )
  .refine((step) => !(step.warnedVin === step.vin && step.vinMismatchConfirmation !== true), {
    path: ['vinMismatchConfirmation'],
    error: MESSAGES.records.confirmToContinue,
    ...ONCE_FIELDS_PASS,
  });

/** Step 3: a service ticked, and the optional notes, technician and customer contact well formed. */
export const ZChecklistStepSchema = ZCreateServiceRecordRequestSchema.pick({
  service_type: true,
  notes: true,
  technician_name: true,
  customer_email: true,
  customer_phone: true,
});
