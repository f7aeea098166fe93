/**
 * Stripe's request encoding: application/x-www-form-urlencoded with bracketed keys, as the SDK writes them
 * (`line_items[0][price]=price_x&subscription_data[metadata][garage_id]=...&expand[0]=customer`).
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormParams = { [key: string]: FormValue };

function splitKey(key: string): string[] {
  const first = key.indexOf('[');
  if (first === -1) return [key];
  const parts = [key.slice(0, first)];
  const rest = key.slice(first);
  const pattern = /\[([^\]]*)\]/g;
  for (let match = pattern.exec(rest); match; match = pattern.exec(rest)) parts.push(match[1] ?? '');
  return parts;
}

function toArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: { [key: string]: FormValue } = {};
  for (const key of keys) converted[key] = toArrays(value[key]!);
  const isList = keys.length > 0 && keys.every((k) => /^\d+$/.test(k));
  if (!isList) return converted;
  return keys.sort((a, b) => Number(a) - Number(b)).map((k) => converted[k]!);
}

/** Decodes a form-encoded body or query string into nested objects and arrays of strings. */
export function decodeForm(encoded: string): FormParams {
  const root: { [key: string]: FormValue } = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const parts = splitKey(rawKey);
    let node: { [key: string]: FormValue } = root;
    parts.forEach((part, index) => {
      const isLast = index === parts.length - 1;
      const key = part === '' ? String(Object.keys(node).length) : part;
      if (isLast) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next !== 'object' || Array.isArray(next)) node[key] = {};
      node = node[key] as { [key: string]: FormValue };
    });
  }
  return toArrays(root) as FormParams;
}

/** A string parameter, or undefined when absent or not a string. */
export function stringParam(params: FormParams, key: string): string | undefined {
  const value = params[key];
  return typeof value === 'string' ? value : undefined;
}

/** A nested object parameter ({} when absent). */
export function objectParam(params: FormParams, key: string): FormParams {
  const value = params[key];
  return typeof value === 'object' && !Array.isArray(value) ? value : {};
}

/** A list parameter ([] when absent). */
export function listParam(params: FormParams, key: string): FormValue[] {
  const value = params[key];
  return Array.isArray(value) ? value : [];
}

/** Metadata as Stripe keeps it: string values only. */
export function metadataParam(params: FormParams, key = 'metadata'): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [k, v] of Object.entries(objectParam(params, key))) if (typeof v === 'string') result[k] = v;
  return result;
}
