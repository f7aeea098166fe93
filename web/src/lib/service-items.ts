import { SERVICE_CATEGORIES, SERVICE_TYPE_SEPARATOR } from '@sh/shared/contract';

const ITEM_ORDER: ReadonlyMap<string, number> = new Map(
  SERVICE_CATEGORIES.flatMap((category) => [...category.items]).map((item, index) => [item, index]),
);

/** The chosen items in the checklist's order, so service_type reads the same however they were ticked. */
export function inChecklistOrder(items: readonly string[]): string[] {
  return [...items].sort((a, b) => (ITEM_ORDER.get(a) ?? 0) - (ITEM_ORDER.get(b) ?? 0));
}

/** The services a stored service_type names ("Full Service, Brake Fluid Change"), each once. */
export function splitServiceType(serviceType: string): string[] {
  const items = serviceType
    .split(SERVICE_TYPE_SEPARATOR)
    .map((item) => item.trim())
    .filter(Boolean);
  return [...new Set(items)];
}

/** The ticked items toggled: `item` added (in checklist order) or removed. */
export function toggleServiceItem(selected: readonly string[], item: string, isChecked: boolean): string[] {
  const others = selected.filter((chosen) => chosen !== item);
  return isChecked ? inChecklistOrder([...others, item]) : others;
}

/** What bindServiceChecklist needs of a form (useSchemaForm's) with a `services` field. */
type TServicesForm = {
  values: { services: readonly string[] };
  errors: { services?: string };
  setValue(field: 'services', value: string[]): void;
  register(field: 'services'): (element: HTMLElement | null) => void;
};

/** The props of a ServiceChecklist for a form's `services` field: a tick adds or removes its item there. */
export function bindServiceChecklist(form: TServicesForm) {
  const { services } = form.values;
  return {
    selected: services,
    onToggle: (item: string, isChecked: boolean) =>
      form.setValue('services', toggleServiceItem(services, item, isChecked)),
    error: form.errors.services,
    firstCategoryRef: form.register('services'),
  };
}
