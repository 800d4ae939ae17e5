import { INVALID_PHONE, REQUIRED } from '../../src/domain/fieldRules';
import {
  isPlausibleEmail,
  normaliseEmail,
  validateWaitlistName,
  validateWaitlistPhone,
} from '../../src/domain/waitlist';

test.each<[phone: string, message: string | undefined]>([
  ['07911 123456', undefined],
  ['447911123456', undefined],
  ['7911123456', undefined],
  ['+447911123456', undefined],
  ['', REQUIRED],
  ['   ', REQUIRED],
  ['12345', INVALID_PHONE],
  ['+44 7911 123 456 7890', INVALID_PHONE],
])('validateWaitlistPhone(%j) → %p', (phone, message) => {
  expect(validateWaitlistPhone(phone)).toBe(message);
});

test.each<[name: string | undefined, message: string | undefined]>([
  [undefined, undefined],
  ['', undefined],
  ['Ada Lovelace', undefined],
  ['a'.repeat(120), undefined],
  ['a'.repeat(121), 'Name must be at most 120 characters'],
])('validateWaitlistName(%p) → %p', (name, message) => {
  expect(validateWaitlistName(name)).toBe(message);
});

test.each<[email: string, plausible: boolean]>([
  ['ada@example.com', true],
  [' Ada.Lovelace+becca@mail.example.co.uk ', true],
  ['ada@example', false],
  ['ada@.com', false],
  ['ada@example.', false],
  ['ada example@example.com', false],
  ['ada@@example.com', false],
  ['@example.com', false],
  ['', false],
  [`${'a'.repeat(243)}@example.com`, false],
  [`${'a'.repeat(242)}@example.com`, true],
])('isPlausibleEmail(%j) → %p', (email, plausible) => {
  expect(isPlausibleEmail(email)).toBe(plausible);
});

test('normaliseEmail trims and lower-cases', () => {
  expect(normaliseEmail('  Ada@Example.COM ')).toBe('ada@example.com');
});
