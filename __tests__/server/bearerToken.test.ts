import { bearerToken, carriesBearerToken, secretsMatch } from '../../server/auth/bearerToken';

/** Issue 31: the member token, the assistant key, the admin and metrics tokens are read by one reader. */
const KEY = 'k'.repeat(43);

test.each([
  [`Bearer ${KEY}`, KEY],
  [`Bearer   ${KEY}`, KEY],
  ['Bearer a key with spaces', 'a key with spaces'],
])('%j carries %j', (header, token) => {
  expect(bearerToken(header)).toBe(token);
});

test.each([
  [undefined],
  [''],
  ['Bearer'],
  ['Bearer '],
  ['Bearer    '],
  [`Basic ${KEY}`],
  [`bearer${KEY}`],
  [KEY],
  [[`Bearer ${KEY}`, `Bearer ${KEY}`]],
])('%j carries no token', (header) => {
  expect(bearerToken(header)).toBeUndefined();
});

test('a token matches only itself, whatever its length', () => {
  expect(secretsMatch(KEY, KEY)).toBe(true);
  expect(secretsMatch(KEY, `${KEY}x`)).toBe(false);
  expect(secretsMatch(KEY, KEY.slice(1))).toBe(false);
  expect(secretsMatch(KEY, '')).toBe(false);
  expect(secretsMatch(KEY, undefined)).toBe(false);
  expect(carriesBearerToken(`Bearer ${KEY}`, KEY)).toBe(true);
  expect(carriesBearerToken(`Bearer ${KEY}!`, KEY)).toBe(false);
  expect(carriesBearerToken(undefined, KEY)).toBe(false);
});
