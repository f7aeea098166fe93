import {
  joinServiceItems,
  MESSAGES,
  SERVICE_CATEGORIES,
  ZCreateServiceRecordRequestSchema,
  ZMileageSchema,
  ZUkRegistrationSchema,
  ZVinSchema,
  type TCreateServiceRecordRequest,
} from '@sh/shared/contract';
import { firstIssueByPath, toFieldErrors } from './form-errors';

/** What the add-record wizard holds, as typed (SPEC.md "Add service history"). */
export type TAddServiceValues = {
  registration: string;
  vin: string;
  mileage: string;
  isLowerMileageConfirmed: boolean;
  isVinMismatchConfirmed: boolean;
  selectedItems: readonly string[];
  notes: string;
  technicianName: string;
  customerEmail: string;
  customerPhone: string;
  fullName: string;
  password: string;
};

export type TAddServiceField =
  | 'registration'
  | 'vin'
  | 'mileage'
  | 'lowerMileageConfirmation'
  | 'vinMismatchConfirmation'
  | 'services'
  | 'notes'
  | 'technicianName'
  | 'customerEmail'
  | 'customerPhone'
  | 'fullName'
  | 'password';
export type TAddServiceErrors = Partial<Record<TAddServiceField, string>>;

export const EMPTY_ADD_SERVICE_VALUES: TAddServiceValues = {
  registration: '',
  vin: '',
  mileage: '',
  isLowerMileageConfirmed: false,
  isVinMismatchConfirmed: false,
  selectedItems: [],
  notes: '',
  technicianName: '',
  customerEmail: '',
  customerPhone: '',
  fullName: '',
  password: '',
};

/** The order of the fields on each step, so the first error can take the focus. */
export const VEHICLE_FIELD_ORDER: readonly TAddServiceField[] = ['vin', 'mileage', 'lowerMileageConfirmation', 'vinMismatchConfirmation'];
export const CHECKLIST_FIELD_ORDER: readonly TAddServiceField[] = ['services', 'notes', 'technicianName', 'customerEmail', 'customerPhone'];
export const SIGNATURE_FIELD_ORDER: readonly TAddServiceField[] = ['fullName', 'password'];

/** The API's field paths (create, validate and the VIN lookup) on the wizard's fields. */
const FIELD_OF_PATH: Readonly<Record<string, TAddServiceField>> = {
  registration: 'registration',
  vehicle_registration: 'registration',
  vehicleRegistration: 'registration',
  vin: 'vin',
  mileage: 'mileage',
  service_type: 'services',
  notes: 'notes',
  technician_name: 'technicianName',
  customer_email: 'customerEmail',
  customer_phone: 'customerPhone',
  full_name: 'fullName',
  password: 'password',
};

/** Messages keyed by API path (from the server or a shared schema) on the wizard's fields. */
export function toAddServiceErrors(byPath: Record<string, string>): TAddServiceErrors {
  return toFieldErrors(byPath, FIELD_OF_PATH);
}

/** A registration as it is typed: upper case, spaces kept ("AB12 CDE"); the schema removes them. */
export function toRegistrationTyping(raw: string): string {
  return raw.toUpperCase();
}

/** A VIN as it is typed: upper case. */
export function toVinTyping(raw: string): string {
  return raw.toUpperCase();
}

/** Step 1: the registration, normalised and in a UK format. */
export function parseRegistration(typed: string): { registration: string } | { error: string } {
  const parsed = ZUkRegistrationSchema.safeParse(typed);
  if (parsed.success) return { registration: parsed.data };
  return { error: parsed.error.issues[0]?.message ?? MESSAGES.platform.invalidRequest };
}

/** The typed mileage as a number the schema accepts, or null. */
export function parseMileage(typed: string): number | null {
  const parsed = ZMileageSchema.safeParse(typed.trim() === '' ? undefined : Number(typed));
  return parsed.success ? parsed.data : null;
}

/** True when the typed mileage is a valid figure lower than the last one recorded for the vehicle. */
export function isBelowLastMileage(typed: string, lastMileage: number | null): boolean {
  const mileage = parseMileage(typed);
  return mileage !== null && lastMileage !== null && mileage < lastMileage;
}

/** Step 2: the VIN and the mileage, checked with the schemas the server uses. */
export function parseVehicleDetails(values: TAddServiceValues): { vin: string; mileage: number } | { errors: TAddServiceErrors } {
  const vin = ZVinSchema.safeParse(values.vin);
  const mileage = ZMileageSchema.safeParse(values.mileage.trim() === '' ? undefined : Number(values.mileage));
  if (vin.success && mileage.success) return { vin: vin.data, mileage: mileage.data };
  const errors: TAddServiceErrors = {};
  if (!vin.success) errors.vin = vin.error.issues[0]?.message;
  if (!mileage.success) errors.mileage = mileage.error.issues[0]?.message;
  return { errors };
}

const ITEM_ORDER: ReadonlyMap<string, number> = new Map(
  SERVICE_CATEGORIES.flatMap((category) => [...category.items]).map((item, index) => [item, index]),
);

/** The chosen items in the checklist's order, so service_type reads the same however they were ticked. */
export function inChecklistOrder(items: readonly string[]): string[] {
  return [...items].sort((a, b) => (ITEM_ORDER.get(a) ?? 0) - (ITEM_ORDER.get(b) ?? 0));
}

const ZChecklistExtrasSchema = ZCreateServiceRecordRequestSchema.pick({
  notes: true,
  technician_name: true,
  customer_email: true,
  customer_phone: true,
});

/** Step 3's optional fields (notes, technician, customer e-mail and phone), checked before the dialog opens. */
export function checkChecklistExtras(values: TAddServiceValues): TAddServiceErrors {
  const parsed = ZChecklistExtrasSchema.safeParse({
    notes: values.notes,
    technician_name: values.technicianName,
    customer_email: values.customerEmail,
    customer_phone: values.customerPhone,
  });
  return parsed.success ? {} : toAddServiceErrors(firstIssueByPath(parsed.error.issues));
}

/** The whole create request, as the server will check it; the garage and the date are the server's. */
export function buildCreateRequest(
  values: TAddServiceValues,
  registration: string,
): { request: TCreateServiceRecordRequest } | { errors: TAddServiceErrors } {
  const parsed = ZCreateServiceRecordRequestSchema.safeParse({
    vin: values.vin,
    vehicle_registration: registration,
    mileage: values.mileage.trim() === '' ? undefined : Number(values.mileage),
    service_type: joinServiceItems(inChecklistOrder(values.selectedItems)),
    notes: values.notes,
    technician_name: values.technicianName,
    customer_email: values.customerEmail,
    customer_phone: values.customerPhone,
    vehicleCheck: true,
    full_name: values.fullName,
    password: values.password,
  });
  if (parsed.success) return { request: parsed.data };
  return { errors: toAddServiceErrors(firstIssueByPath(parsed.error.issues)) };
}
