import { requiredText, REQUIRED, validateLongText } from '../../src/domain/fieldRules';
import { firstNominationError } from '../../src/domain/nomination';
import { TEXT_PROBLEM_MESSAGES, isVisiblyBlank, textProblem } from '../../src/domain/textRules';
import { isPlausibleEmail, validateWaitlistName } from '../../src/domain/waitlist';

test.each<[description: string, value: string, multiline: boolean, problem: string | undefined]>([
  ['plain text', 'Ada Lovelace', false, undefined],
  ['accents, scripts and emoji', 'Zoë 山田 👋 مرحبا', false, undefined],
  ['a right-to-left mark inside Arabic text', 'مرحبا\u200F Ada', false, undefined],
  ['a joiner inside an emoji sequence', 'Family 👩\u200D👩\u200D👧', false, undefined],
  ['ESC', 'A\u001B[2Jda', false, 'control'],
  ['BEL', 'Ada\u0007', false, 'control'],
  ['CR', 'Ada\rForged line', false, 'control'],
  ['tab', 'Ada\tLovelace', false, 'control'],
  ['DEL', 'Ada\u007F', false, 'control'],
  ['a C1 control (NEL)', 'Ada\u0085', false, 'control'],
  ['a line feed in a name', 'Ada\nLovelace', false, 'control'],
  ['a line feed in long text', 'Line one\nline two', true, undefined],
  ['a carriage return in long text', 'Line one\r\nline two', true, 'control'],
  ['a right-to-left override', 'Smith\u202Egpj.exe', false, 'bidi'],
  ['a left-to-right embedding', 'a\u202Ab', false, 'bidi'],
  ['a first-strong isolate', 'a\u2068b\u2069', false, 'bidi'],
  ['two zero-width spaces', '\u200B\u200B', false, 'blank'],
  ['a byte order mark and spaces', ' \uFEFF ', false, 'blank'],
  ['a Hangul filler', '\u3164', false, 'blank'],
  ['only a tab', '\t', false, 'blank'],
])('%s', (_description, value, multiline, problem) => {
  expect(textProblem(value, { multiline })).toBe(problem);
});

test('the wizard shows the same rules beside the field', () => {
  expect(requiredText('\u200B\u200B', 80)).toBe(REQUIRED);
  expect(requiredText('Ada\u001B', 80)).toBe(TEXT_PROBLEM_MESSAGES.control);
  expect(requiredText('Smith\u202Egpj.exe', 80)).toBe(TEXT_PROBLEM_MESSAGES.bidi);
  expect(validateLongText(`${'I build bridges. '.repeat(3)}\nAnd I teach.`)).toBeUndefined();
  expect(validateLongText(`${'I build bridges. '.repeat(3)}\u0007`)).toBe(TEXT_PROBLEM_MESSAGES.control);
  expect(validateLongText('\u200B'.repeat(40))).toMatch(/Required/);
});

test('waitlist names and e-mail addresses follow the rules', () => {
  expect(validateWaitlistName('Ada')).toBeUndefined();
  expect(validateWaitlistName('Ada\u001B[2J')).toBe(
    'Name must not contain control characters (such as tab or escape)',
  );
  expect(validateWaitlistName('\u202Eada')).toBe('Name must not contain text-direction control characters');
  expect(isPlausibleEmail('ada@example.com')).toBe(true);
  expect(isPlausibleEmail('ada\u001B[2J@example.com')).toBe(false);
  expect(isPlausibleEmail('ada\u202E@example.com')).toBe(false);
  expect(isPlausibleEmail('ada\u200B@example.com')).toBe(false);
});

test('nominations follow the rules', () => {
  const friend = { firstName: 'Grace', lastName: 'Hopper', instagram: '', phone: '+447911123456' };
  expect(firstNominationError(friend)).toBeUndefined();
  expect(firstNominationError({ ...friend, firstName: '\u200B' })).toBe(
    "Your friend's first name is required",
  );
  expect(firstNominationError({ ...friend, lastName: 'Hop\u0007per' })).toBe(
    'Last name must not contain control characters (such as tab or escape)',
  );
});

test('visible blankness', () => {
  expect(isVisiblyBlank('\u00AD\u200C\u2060')).toBe(true);
  expect(isVisiblyBlank('a\u200B')).toBe(false);
});
