import {
  INVITE_CODE_ALPHABET,
  canSubmitInviteCode,
  canValidateLive,
  generateInviteCode,
  randomAlphabetCode,
  isWellFormedInviteCode,
  normaliseInviteCode,
  type InviteCodeStatus,
} from '../../src/domain/inviteCode';

test.each([
  ['abcd2345', 'ABCD2345'],
  ['  abCD-2345 \n', 'ABCD-2345'],
  ['', ''],
])('normaliseInviteCode(%j) → %j', (raw, normalised) => {
  expect(normaliseInviteCode(raw)).toBe(normalised);
});

test.each<[code: string, wellFormed: boolean]>([
  ['abc', true],
  [' ABCD-2345 ', true],
  ['A'.repeat(20), true],
  ['ab', false],
  ['A'.repeat(21), false],
  ['ABC D', false],
  ['ABC_D', false],
  ["ABC'; DROP TABLE invite_codes;--", false],
  ['ÄBCD', false],
  ['', false],
])('isWellFormedInviteCode(%j) → %p', (code, wellFormed) => {
  expect(isWellFormedInviteCode(code)).toBe(wellFormed);
});

test.each<[code: string, live: boolean]>([
  ['ab', false],
  ['  ab  ', false],
  ['abc', true],
  [' abcd ', true],
])('canValidateLive(%j) → %p', (code, live) => {
  expect(canValidateLive(code)).toBe(live);
});

test.each<[code: string, status: InviteCodeStatus, canSubmit: boolean]>([
  ['ABCD2345', 'valid', true],
  ['ABCD2345', 'idle', true],
  ['AB', 'idle', true],
  ['ABCD2345', 'validating', false],
  ['ABCD2345', 'invalid', false],
  ['   ', 'idle', false],
  ['', 'valid', false],
])('canSubmitInviteCode(%j, %j) → %p', (code, status, canSubmit) => {
  expect(canSubmitInviteCode(code, status)).toBe(canSubmit);
});

describe('generateInviteCode', () => {
  test('alphabet has no look-alike characters', () => {
    expect(INVITE_CODE_ALPHABET).toHaveLength(31);
    expect(INVITE_CODE_ALPHABET).not.toMatch(/[01OIL]/);
  });

  test('makes well-formed codes of the unambiguous alphabet', () => {
    for (let i = 0; i < 50; i += 1) {
      const code = generateInviteCode();
      expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{10}$/);
      expect(isWellFormedInviteCode(code)).toBe(true);
    }
  });

  test('skips biased bytes so every letter is equally likely', () => {
    const bytes = [255, 248, 0, 30, 31, 247];
    const fill = (target: Uint8Array) => {
      target.set(bytes.slice(0, target.length));
      return target;
    };
    // 0 → A, 30 → 9, 31 → A again, 247 = 7 × 31 + 30 → 9.
    expect(generateInviteCode(4, fill)).toBe('A9A9');
  });
});

describe('randomAlphabetCode', () => {
  test('draws more bytes when the first ones are all biased, until the code is long enough', () => {
    let calls = 0;
    const fill = (target: Uint8Array) => {
      calls += 1;
      target.fill(calls === 1 ? 250 : 32);
      return target;
    };
    expect(randomAlphabetCode(3, fill)).toBe('BBB');
    expect(calls).toBe(2);
  });
});
