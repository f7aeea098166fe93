/** Stripe's test cards, as its hosted pages accept or decline them. */

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export interface CardDetails {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  funding: 'credit' | 'debit';
}

export type CardCheck =
  | { ok: true; card: CardDetails; name: string }
  | { ok: false; field: keyof CardInput; message: string; isDecline: boolean };

const TEST_CARDS: Record<string, { brand: string; funding: 'credit' | 'debit'; decline?: string }> = {
  '4242424242424242': { brand: 'visa', funding: 'credit' },
  '4000056655665556': { brand: 'visa', funding: 'debit' },
  '5555555555554444': { brand: 'mastercard', funding: 'credit' },
  '378282246310005': { brand: 'amex', funding: 'credit' },
  '4000000000000002': { brand: 'visa', funding: 'credit', decline: 'Your card was declined.' },
  '4000000000009995': { brand: 'visa', funding: 'credit', decline: 'Your card has insufficient funds.' },
  '4000000000000069': { brand: 'visa', funding: 'credit', decline: 'Your card has expired.' },
};

export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  notTestCard:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  monthInvalid: "Your card's expiration month is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
  nameRequired: 'Enter the name on your card.',
} as const;

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function fail(field: keyof CardInput, message: string, isDecline = false): CardCheck {
  return { ok: false, field, message, isDecline };
}

/** Checks a card typed on a hosted page: format first, then Stripe's test-card outcomes. */
export function checkTestCard(input: CardInput, now: Date = new Date()): CardCheck {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(number)) return fail('number', CARD_MESSAGES.numberInvalid);
  if (number.length < 15) return fail('number', CARD_MESSAGES.numberIncomplete);
  if (number.length > 19 || !passesLuhn(number)) return fail('number', CARD_MESSAGES.numberInvalid);

  const expiryDigits = input.expiry.replace(/\D/g, '');
  if (expiryDigits.length !== 4 && expiryDigits.length !== 6) return fail('expiry', CARD_MESSAGES.expiryIncomplete);
  const month = Number(expiryDigits.slice(0, 2));
  const yearPart = expiryDigits.slice(2);
  const year = yearPart.length === 2 ? 2000 + Number(yearPart) : Number(yearPart);
  if (month < 1 || month > 12) return fail('expiry', CARD_MESSAGES.monthInvalid);
  const isPast = year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
  if (isPast) return fail('expiry', CARD_MESSAGES.expiryPast);

  const known = TEST_CARDS[number];
  const cvcLength = known?.brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim())) return fail('cvc', CARD_MESSAGES.cvcIncomplete);
  const name = input.name.trim();
  if (!name) return fail('name', CARD_MESSAGES.nameRequired);

  if (!known) return fail('number', CARD_MESSAGES.notTestCard, true);
  if (known.decline) return fail('number', known.decline, true);
  return {
    ok: true,
    name,
    card: { brand: known.brand, last4: number.slice(-4), exp_month: month, exp_year: year, funding: known.funding },
  };
}
