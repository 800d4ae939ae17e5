import {
  formatWaitlistPhone,
  isValidPhoneNumber,
  maskPhone,
  toE164,
  waitlistPhoneToE164,
} from '../../src/domain/phoneNumber';

const UK_MOBILE = '+447911123456';

describe('phone validity procedure', () => {
  test.each<[description: string, input: string, e164: string | null]>([
    ['UK mobile, national', '07911 123456', UK_MOBILE],
    ['UK mobile, no spaces', '07911123456', UK_MOBILE],
    ['UK mobile without the 0', '7911 123456', UK_MOBILE],
    ['UK mobile with 44', '447911123456', UK_MOBILE],
    ['UK mobile with +44', '+447911123456', UK_MOBILE],
    ['UK mobile with +44 and spaces', '+44 7911 123456', UK_MOBILE],
    ['UK mobile with (0)', '+44 (0) 7911 123456', UK_MOBILE],
    ['UK mobile with (0), no spaces', '+44(0)7911123456', UK_MOBILE],
    ['UK mobile with 00 44', '0044 7911 123456', UK_MOBILE],
    ['UK mobile with dashes', '07911-123-456', UK_MOBILE],
    ['UK mobile with dots', '07911.123.456', UK_MOBILE],
    ['UK mobile with brackets', '(07911) 123456', UK_MOBILE],
    ['UK mobile with a non-breaking space', '07911\u00A0123456', UK_MOBILE],
    ['UK mobile with narrow non-breaking spaces', '+44\u202F7911\u202F123456', UK_MOBILE],
    ['UK mobile with surrounding whitespace', '  07911 123456 \t', UK_MOBILE],
    ['London landline', '020 7946 0018', '+442079460018'],
    ['London landline, international', '+44 20 7946 0018', '+442079460018'],
    ['Manchester landline', '0161 496 0000', '+441614960000'],
    ['US number', '+1 415 555 2671', '+14155552671'],
    ['US number with punctuation', '+1 (202) 555-0143', '+12025550143'],
    ['US number without + (10-15 digit fallback)', '14155552671', '+14155552671'],
    ['French mobile', '+33 6 12 34 56 78', '+33612345678'],
    ['French mobile with (0)', '+33 (0)6 12 34 56 78', '+33612345678'],
    ['German landline', '+49 30 901820', '+4930901820'],
    ['German landline without + (fallback)', '4930901820', '+4930901820'],
    ['Indian mobile', '+91 98765 43210', '+919876543210'],
    ['Australian mobile', '+61 412 345 678', '+61412345678'],
    ['Irish mobile', '+353 85 123 4567', '+353851234567'],
    ['Japanese mobile', '+81 90 1234 5678', '+819012345678'],
    ['doubled + rescued by the digits fallback', '++447911123456', UK_MOBILE],
    ['empty', '', null],
    ['whitespace only', '   ', null],
    ['too short', '12', null],
    ['UK mobile one digit short', '0791112345', null],
    ['UK mobile one digit too many', '079111234567', null],
    ['too long', '+44 7911 123456 123456789', null],
    ['two numbers run together', '07911 123456 07911 654321', null],
    ['a letter mixed into the digits', '07911 12345a', null],
    ['letters only', 'abc', null],
    ['keypad letters', '+1-800-FLOWERS', null],
    ['an extension written in words', '07911 123456 ext 12', null],
    ['a stray symbol', '07911 123456#', null],
    ['full-width digits', '０７９１１ １２３４５６', null],
    ['unknown country code', '+999 1234567', null],
    ['a lone +', '+', null],
    ['country code only', '+44', null],
    ['over 250 characters, even if mostly spaces', `07911 123456${' '.repeat(240)}`, null],
    ['over 250 digits', '0'.repeat(251), null],
  ])('%s: %j', (_description, input, e164) => {
    expect(toE164(input)).toBe(e164);
    expect(isValidPhoneNumber(input)).toBe(e164 !== null);
  });

  test('exactly 250 characters is still parsed', () => {
    const input = `07911 123456${' '.repeat(250 - 12)}`;
    expect(input).toHaveLength(250);
    expect(toE164(input)).toBe(UK_MOBILE);
  });
});

describe('formatWaitlistPhone', () => {
  test.each([
    ['07911 123456', UK_MOBILE],
    ['447911123456', UK_MOBILE],
    ['7911123456', UK_MOBILE],
    ['+447911123456', UK_MOBILE],
    [' 07911-123-456 ', UK_MOBILE],
    ['(07911) 123 456', UK_MOBILE],
    ['+1 (415) 555-2671', '+14155552671'],
  ])('%j → %j', (input, expected) => {
    expect(formatWaitlistPhone(input)).toBe(expected);
  });
});

describe('waitlistPhoneToE164', () => {
  test.each<[input: string, e164: string | null]>([
    ['07911 123456', UK_MOBILE],
    ['447911123456', UK_MOBILE],
    ['7911123456', UK_MOBILE],
    ['+447911123456', UK_MOBILE],
    ['  07911 123456  ', UK_MOBILE],
    ['07911\u00A0123456', UK_MOBILE],
    ['+1 415 555 2671', '+14155552671'],
    ['020 7946 0018', '+442079460018'],
    ['', null],
    ['   ', null],
    ['12345', null],
    ['abc', null],
    ['07911 12345a', null],
    ['+44 7911 123 456 7890', null],
    ['0044 7911 123456', null],
  ])('%j → %j', (input, e164) => {
    expect(waitlistPhoneToE164(input)).toBe(e164);
  });

  test('more than 20 characters is refused even when the number is valid', () => {
    const input = '+44   7911   123   456';
    expect(input.trim().length).toBeGreaterThan(20);
    expect(toE164(input)).toBe(UK_MOBILE);
    expect(waitlistPhoneToE164(input)).toBeNull();
  });
});

describe('maskPhone', () => {
  test.each([
    [UK_MOBILE, '+44********56'],
    ['+14155552671', '+1********71'],
    ['+33612345678', '+33*******78'],
    ['07911 123456', '*********56'],
    ['123', '***'],
    ['', ''],
  ])('%j → %j', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });

  test('never contains the middle digits', () => {
    expect(maskPhone(UK_MOBILE)).not.toContain('7911');
  });
});
