import { limits } from '../../src/domain';

test.each<[name: string, value: number, expected: number]>([
  ['minimum age', limits.age.min, 18],
  ['maximum age', limits.age.max, 100],
  ['long text minimum', limits.longTextMinLength, 30],
  ['looking-for maximum', limits.lookingForMax, 4],
  ['entries per step', limits.entriesPerStep, 3],
  ['photo slots', limits.photos.max, 3],
  ['photos kept', limits.photos.kept, 1],
  ['invite code live-validation minimum', limits.inviteCode.minLength, 3],
  ['invite code maximum', limits.inviteCode.maxLength, 20],
  ['waitlist phone maximum', limits.waitlistPhoneMaxLength, 20],
  ['phone input maximum', limits.phoneInputMaxLength, 250],
])('spec §9 %s is %p', (_name, value, expected) => {
  expect(value).toBe(expected);
});

test('issued invite codes are at least 8 characters (DESIGN §7)', () => {
  expect(limits.inviteCode.generatedLength).toBeGreaterThanOrEqual(8);
  expect(limits.inviteCode.generatedLength).toBeLessThanOrEqual(limits.inviteCode.maxLength);
});
