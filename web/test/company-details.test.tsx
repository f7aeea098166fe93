import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The footer as a bundle built with these build variables would show it (they are read when the module loads). */
async function renderFooterBuiltWith(env: Record<string, string>) {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  const { Footer } = await import('../src/components/layout/Footer');
  render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );
  const footer = screen.getByRole('contentinfo');
  // The line loads after the frame (route-pages.ts).
  await waitFor(() => expect(footer.querySelector('[data-company-details]')).not.toBeNull());
  return footer;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('who runs the site (docs/operations.md, build variables)', () => {
  it('shows the configured company name, number, registered office and ICO registration in the footer', async () => {
    const footer = await renderFooterBuiltWith({
      VITE_COMPANY_NAME: 'Example Service Records Ltd',
      VITE_COMPANY_NUMBER: '01234567',
      VITE_COMPANY_REGISTERED_OFFICE: '1 Example Street, Leeds, LS1 1AA',
      VITE_ICO_REGISTRATION: 'ZA123456',
    });
    expect(footer.querySelector('[data-company-details]')?.textContent).toBe(
      'Run by Example Service Records Ltd, company number 01234567, registered office 1 Example Street, Leeds, LS1 1AA, ICO registration ZA123456.',
    );
  });

  it('says a detail is not configured rather than inventing it', async () => {
    const partly = await renderFooterBuiltWith({ VITE_COMPANY_NAME: 'Example Service Records Ltd' });
    expect(partly.querySelector('[data-company-details]')?.textContent).toBe(
      'Run by Example Service Records Ltd, company number not configured, registered office not configured, ICO registration not configured.',
    );
  });

  it('says the company details are not configured when the build has none', async () => {
    const footer = await renderFooterBuiltWith({
      VITE_COMPANY_NAME: '',
      VITE_COMPANY_NUMBER: '',
      VITE_COMPANY_REGISTERED_OFFICE: '',
      VITE_ICO_REGISTRATION: '',
    });
    expect(footer.querySelector('[data-company-details]')?.textContent).toBe('Company details not configured.');
  });

  it('dates its "©" by the year the page was built, not a year written in the code', async () => {
    const footer = await renderFooterBuiltWith({});
    // vite.config.ts's define, taken when this run's build (here: the test run) started.
    expect(__BUILD_YEAR__).toBe(new Date().getUTCFullYear());
    expect(footer.textContent).toContain(`© ${__BUILD_YEAR__} Wrenchmark. All rights reserved.`);
  });

  it('says beside the price whether it includes VAT, as configured', async () => {
    const { companyDetailsFrom, vatNote } = await import('../src/lib/company-details');
    expect(vatNote(companyDetailsFrom({ VITE_PRICE_VAT: 'included' }))).toBe('including VAT');
    expect(vatNote(companyDetailsFrom({ VITE_PRICE_VAT: 'excluded' }))).toBe('plus VAT');
    expect(vatNote(companyDetailsFrom({ VITE_PRICE_VAT: 'not-charged' }))).toBe('no VAT is charged');
    expect(vatNote(companyDetailsFrom({ VITE_PRICE_VAT: 'sometimes' }))).toBe('VAT treatment not configured');
    expect(vatNote(companyDetailsFrom({}))).toBe('VAT treatment not configured');
  });
});
