import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RegEntryBox } from '../src/components/RegEntryBox';

function CurrentLocation() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderBox() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<RegEntryBox />} />
        <Route path="*" element={null} />
      </Routes>
      <CurrentLocation />
    </MemoryRouter>,
  );
}

function openBox(): HTMLInputElement {
  fireEvent.click(screen.getByRole('button', { name: 'ENTER REG' }));
  return screen.getByRole('textbox', { name: 'Vehicle registration' }) as HTMLInputElement;
}

describe('RegEntryBox', () => {
  it('starts as an ENTER REG button with no input', () => {
    renderBox();
    expect(screen.getByRole('button', { name: 'ENTER REG' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('turns into a focused input when clicked', () => {
    renderBox();
    const input = openBox();
    expect(screen.queryByRole('button', { name: 'ENTER REG' })).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it('upper-cases what is typed and allows at most seven characters', () => {
    renderBox();
    const input = openBox();
    expect(input.maxLength).toBe(7);
    fireEvent.change(input, { target: { value: 'ab12cde' } });
    expect(input.value).toBe('AB12CDE');
    fireEvent.change(input, { target: { value: 'ab12cdexyz' } });
    expect(input.value).toBe('AB12CDE');
  });

  it('goes to the results page for the registration on Enter', () => {
    renderBox();
    const input = openBox();
    fireEvent.change(input, { target: { value: 'ab12 cde' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('location').textContent).toBe('/vehicle-results?reg=AB12CDE');
  });

  it('stays put on Enter when nothing was typed', () => {
    renderBox();
    const input = openBox();
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('folds back into the button when it loses focus empty', () => {
    renderBox();
    const input = openBox();
    fireEvent.blur(input);
    expect(screen.getByRole('button', { name: 'ENTER REG' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('keeps the input and its value when it loses focus with a registration typed', () => {
    renderBox();
    const input = openBox();
    fireEvent.change(input, { target: { value: 'ab12' } });
    fireEvent.blur(input);
    const stillThere = screen.getByRole('textbox', { name: 'Vehicle registration' }) as HTMLInputElement;
    expect(stillThere.value).toBe('AB12');
  });
});
