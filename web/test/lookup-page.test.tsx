import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sh/shared/contract';
import { LookupPage } from '../src/pages/LookupPage';

function CurrentLocation() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderLookup() {
  render(
    <MemoryRouter initialEntries={['/lookup']}>
      <Routes>
        <Route path="/lookup" element={<LookupPage />} />
        <Route path="*" element={null} />
      </Routes>
      <CurrentLocation />
    </MemoryRouter>,
  );
  return screen.getByLabelText('Registration number') as HTMLInputElement;
}

describe('LookupPage', () => {
  it('upper-cases the registration and limits it to seven characters', () => {
    const input = renderLookup();
    expect(input.maxLength).toBe(7);
    fireEvent.change(input, { target: { value: 'ab12cde' } });
    expect(input.value).toBe('AB12CDE');
  });

  it('shows an inline error and stays on the page when the registration is blank', () => {
    const input = renderLookup();
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.lookup.noRegistration);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('location').textContent).toBe('/lookup');
  });

  it('rejects characters a registration cannot have', () => {
    const input = renderLookup();
    fireEvent.change(input, { target: { value: 'ab-12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.platform.registrationInvalidCharacters);
  });

  it('goes to the results page for a valid registration', () => {
    const input = renderLookup();
    fireEvent.change(input, { target: { value: 'ab12 cde' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('location').textContent).toBe('/vehicle-results?reg=AB12CDE');
  });

  it("searches by VIN in its own box: checks it with the contract's messages, then opens the VIN's results", () => {
    renderLookup();
    const form = screen.getByRole('search', { name: 'Search by VIN' });
    const vin = within(form).getByLabelText('Or search by VIN') as HTMLInputElement;
    fireEvent.click(within(form).getByRole('button', { name: 'Search by VIN' }));
    expect(within(form).getByText(MESSAGES.records.vinRequired)).toBeTruthy();
    fireEvent.change(vin, { target: { value: 'WDD2050042F12345O' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Search by VIN' }));
    expect(within(form).getByText(MESSAGES.records.vinInvalid)).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/lookup');
    fireEvent.change(vin, { target: { value: 'wdd 2050042f123456' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Search by VIN' }));
    expect(screen.getByTestId('location').textContent).toBe('/vehicle-results?vin=WDD2050042F123456');
  });

  it("is the buyers' landing page: the hero, six reasons, the comparison, the reg box and the way on for garages", () => {
    renderLookup();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Power to the Buyer!');

    const reasons = screen.getByRole('region', { name: 'Six reasons to check a history before you buy' });
    expect(within(reasons).getAllByRole('listitem')).toHaveLength(6);

    const comparison = screen.getByRole('table', {
      name: 'Manual service book compared with a digital service record',
    });
    const headers = within(comparison)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Feature', 'Manual service book', 'Digital record']);
    expect(within(comparison).getAllByRole('row')).toHaveLength(7);

    expect(screen.getByRole('heading', { name: 'Vehicle Service History Lookup' })).toBeTruthy();
    const garages = screen.getByRole('region', { name: 'Are you a garage owner?' });
    expect(within(garages).getByRole('link', { name: 'See pricing' }).getAttribute('href')).toBe('/pricing');
  });

  it("searches from the hero's registration box", () => {
    renderLookup();
    fireEvent.click(screen.getByRole('button', { name: 'ENTER REG' }));
    const box = screen.getByLabelText('Vehicle registration');
    fireEvent.change(box, { target: { value: 'ad61 hcx' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByTestId('location').textContent).toBe('/vehicle-results?reg=AD61HCX');
  });
});
