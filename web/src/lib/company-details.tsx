/**
 * Who runs the site (issue 26): the company's name, number, registered office and ICO registration, and whether the
 * price includes VAT. They are build variables (docs/operations.md#configuration), like the log's verifier key: a
 * deployment sets them, and a build without them says they are not configured rather than inventing any.
 */
export type TCompanyDetails = {
  name: string | null;
  number: string | null;
  registeredOffice: string | null;
  icoRegistration: string | null;
  /** VITE_PRICE_VAT: whether the price includes VAT, excludes it (added at checkout) or no VAT is charged. */
  priceVat: 'included' | 'excluded' | 'not-charged' | null;
};

const VAT_TREATMENTS = ['included', 'excluded', 'not-charged'] as const;

/** Shown in place of a detail the build was not given. */
export const NOT_CONFIGURED = 'not configured';

const read = (value: string | undefined): string | null => value?.trim() || null;

/** The details in an environment of build variables (the bundle's own: COMPANY_DETAILS). */
export function companyDetailsFrom(env: Partial<Record<string, string>>): TCompanyDetails {
  const vat = read(env.VITE_PRICE_VAT);
  return {
    name: read(env.VITE_COMPANY_NAME),
    number: read(env.VITE_COMPANY_NUMBER),
    registeredOffice: read(env.VITE_COMPANY_REGISTERED_OFFICE),
    icoRegistration: read(env.VITE_ICO_REGISTRATION),
    priceVat: VAT_TREATMENTS.find((treatment) => treatment === vat) ?? null,
  };
}

export const COMPANY_DETAILS: TCompanyDetails = companyDetailsFrom({
  VITE_COMPANY_NAME: import.meta.env.VITE_COMPANY_NAME,
  VITE_COMPANY_NUMBER: import.meta.env.VITE_COMPANY_NUMBER,
  VITE_COMPANY_REGISTERED_OFFICE: import.meta.env.VITE_COMPANY_REGISTERED_OFFICE,
  VITE_ICO_REGISTRATION: import.meta.env.VITE_ICO_REGISTRATION,
  VITE_PRICE_VAT: import.meta.env.VITE_PRICE_VAT,
});

/** The price's VAT, as the pricing page and the terms say it beside the price. */
export function vatNote(details: TCompanyDetails = COMPANY_DETAILS): string {
  switch (details.priceVat) {
    case 'included':
      return 'including VAT';
    case 'excluded':
      return 'plus VAT';
    case 'not-charged':
      return 'no VAT is charged';
    default:
      return `VAT treatment ${NOT_CONFIGURED}`;
  }
}

/** The footer's and the terms' line naming who runs the site: whatever is configured, and "not configured" for the rest. */
export function companyLine(details: TCompanyDetails = COMPANY_DETAILS): string {
  const { name, number, registeredOffice, icoRegistration } = details;
  if (!name && !number && !registeredOffice && !icoRegistration) return `Company details ${NOT_CONFIGURED}.`;
  return `Run by ${name ?? `a company whose name is ${NOT_CONFIGURED}`}, company number ${number ?? NOT_CONFIGURED}, registered office ${registeredOffice ?? NOT_CONFIGURED}, ICO registration ${icoRegistration ?? NOT_CONFIGURED}.`;
}

/** The footer's line naming who runs the site. */
export function CompanyDetailsLine() {
  return <p data-company-details>{companyLine()}</p>;
}
