import {
  firstNominationError,
  isValidInstagramHandle,
  normaliseNomination,
} from '../../src/domain/nomination';
import { type FriendNomination } from '../../src/domain/contracts/nomination';

const nomination: FriendNomination = {
  firstName: 'Grace',
  lastName: 'Hopper',
  instagram: '@grace.hopper_',
  phone: '07911 123456',
};

test.each<[description: string, change: Partial<FriendNomination>, message: string | undefined]>([
  ['complete', {}, undefined],
  ['no instagram (it is optional)', { instagram: '  ' }, undefined],
  ['instagram without @', { instagram: 'grace' }, undefined],
  ['missing first name', { firstName: ' ' }, "Your friend's first name is required"],
  ['first name too long', { firstName: 'a'.repeat(81) }, 'First name must be at most 80 characters'],
  ['missing last name', { lastName: '' }, "Your friend's last name is required"],
  ['last name too long', { lastName: 'a'.repeat(81) }, 'Last name must be at most 80 characters'],
  [
    'instagram with a space',
    { instagram: 'grace hopper' },
    'Instagram handle must be 1 to 30 letters, numbers, dots or underscores',
  ],
  [
    'instagram with a dash',
    { instagram: 'grace-hopper' },
    'Instagram handle must be 1 to 30 letters, numbers, dots or underscores',
  ],
  [
    'instagram too long',
    { instagram: 'a'.repeat(31) },
    'Instagram handle must be 1 to 30 letters, numbers, dots or underscores',
  ],
  [
    'instagram is only @',
    { instagram: '@' },
    'Instagram handle must be 1 to 30 letters, numbers, dots or underscores',
  ],
  ['missing phone', { phone: '' }, "Your friend's phone number is required"],
  ['invalid phone', { phone: '12345' }, 'Please enter a valid phone number'],
  [
    'names missing and phone invalid: first name first',
    { firstName: '', lastName: '', phone: 'x' },
    "Your friend's first name is required",
  ],
])('%s', (_description, change, message) => {
  expect(firstNominationError({ ...nomination, ...change })).toBe(message);
});

test.each<[handle: string, valid: boolean]>([
  ['grace', true],
  ['@grace', true],
  ['a'.repeat(30), true],
  ['@' + 'a'.repeat(30), true],
  ['a'.repeat(31), false],
  ['@@grace', false],
  ['', false],
])('isValidInstagramHandle(%j) → %p', (handle, valid) => {
  expect(isValidInstagramHandle(handle)).toBe(valid);
});

test('normaliseNomination trims, drops the @ and stores E.164', () => {
  expect(normaliseNomination({ ...nomination, firstName: ' Grace ', instagram: ' @grace ' })).toEqual({
    firstName: 'Grace',
    lastName: 'Hopper',
    instagram: 'grace',
    phone: '+447911123456',
  });
});
