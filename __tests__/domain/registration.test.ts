import {
  OCCUPATION_PREFIX,
  REQUIRED,
  canAddNetworkEntry,
  firstRegistrationFormError,
  occupationFromMe,
  parseAge,
  toRegistrationForm,
  toWebRegistrationPayload,
  toWizardResult,
  tooLongMessage,
  validateNetworkEntryInput,
  type NetworkEntry,
  type OnboardingDraft,
  type RegistrationForm,
} from '../../src/domain';

const OCCUPATION = 'Mathematician writing notes on engines';

const draft: OnboardingDraft = {
  firstName: ' Ada ',
  lastName: 'Lovelace ',
  age: ' 36',
  lookingFor: ['Friendship', 'Network'],
  joy: '  Long walks along the river with friends ',
  exciting: '   ',
  occupation: ` ${OCCUPATION} `,
  phone: '07911 123456',
  location: ' London ',
};

function entry(overrides: Partial<NetworkEntry> = {}): NetworkEntry {
  return {
    id: 'entry-1',
    group: ' Chess Club ',
    location: ' Camden ',
    x: 12.5,
    y: -40,
    avatarSeed: 'seed',
    isPart2Entry: false,
    ...overrides,
  };
}

const form: RegistrationForm = {
  firstName: ' Ada ',
  lastName: ' Lovelace',
  age: ' 36 ',
  location: ' London ',
  phone: ' 07911 123456 ',
  occupation: ` ${OCCUPATION} `,
  whoIKnow: [entry(), entry({ id: 'entry-2', group: 'Charles', isPart2Entry: true })],
  lookingFor: ['Friendship'],
  interests: [' Long walks along the river with friends ', ''],
};

describe('toWizardResult', () => {
  test('builds the spec §3 result', () => {
    expect(toWizardResult(draft)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      me: `What is your occupation?: ${OCCUPATION}`,
      phone: '+447911123456',
      location: 'London',
      age: '36',
      lookingFor: ['Friendship', 'Network'],
      interests: ['Long walks along the river with friends'],
    });
  });

  test('keeps an unparseable phone as typed', () => {
    expect(toWizardResult({ ...draft, phone: ' 12345 ' }).phone).toBe('12345');
  });

  test('occupationFromMe removes the prefix again', () => {
    expect(OCCUPATION_PREFIX).toBe('What is your occupation?: ');
    expect(occupationFromMe(toWizardResult(draft).me)).toBe(OCCUPATION);
    expect(occupationFromMe('no prefix here')).toBe('no prefix here');
  });

  test('toRegistrationForm carries the result and the entries', () => {
    const entries = [entry()];
    expect(toRegistrationForm(toWizardResult(draft), entries)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      age: '36',
      location: 'London',
      phone: '+447911123456',
      occupation: OCCUPATION,
      whoIKnow: entries,
      lookingFor: ['Friendship', 'Network'],
      interests: ['Long walks along the river with friends'],
    });
  });
});

describe('network entries', () => {
  test.each<[group: string, location: string, errors: object]>([
    ['Chess Club', 'Camden', {}],
    [' ', 'Camden', { group: REQUIRED }],
    ['Chess Club', '', { location: REQUIRED }],
    ['', '  ', { group: REQUIRED, location: REQUIRED }],
    ['a'.repeat(121), 'a'.repeat(120), { group: tooLongMessage(120) }],
    ['a'.repeat(120), 'a'.repeat(121), { location: tooLongMessage(120) }],
  ])('validateNetworkEntryInput(%j, %j) → %j', (group, location, errors) => {
    expect(validateNetworkEntryInput(group, location)).toEqual(errors);
  });

  test('at most 3 entries per step', () => {
    const threeGroups = [entry(), entry(), entry()];
    expect(canAddNetworkEntry(threeGroups.slice(0, 2), false)).toBe(true);
    expect(canAddNetworkEntry(threeGroups, false)).toBe(false);
    expect(canAddNetworkEntry(threeGroups, true)).toBe(true);
  });
});

describe('firstRegistrationFormError', () => {
  const complete = form;
  const requiredOrder: [keyof RegistrationForm | 'photos', string][] = [
    ['firstName', 'First name is required'],
    ['lastName', 'Last name is required'],
    ['age', 'Age is required'],
    ['location', 'Location is required'],
    ['phone', 'Phone number is required'],
    ['occupation', 'Occupation is required'],
    ['photos', 'At least one photo is required'],
    ['whoIKnow', 'Social connections are required'],
  ];

  test('a complete form has no error', () => {
    expect(firstRegistrationFormError(complete, 1)).toBeUndefined();
  });

  test.each(requiredOrder.map(([field, message], index) => [field, message, index] as const))(
    'missing %s and every later field → %j',
    (_field, message, index) => {
      const missing = requiredOrder.slice(index).map(([field]) => field);
      const blanked: RegistrationForm = { ...complete };
      for (const field of missing) {
        if (field === 'whoIKnow') blanked.whoIKnow = [];
        else if (field !== 'photos' && field !== 'lookingFor' && field !== 'interests') {
          blanked[field] = '  ';
        }
      }
      const photoCount = missing.includes('photos') ? 0 : 1;
      expect(firstRegistrationFormError(blanked, photoCount)).toBe(message);
    },
  );
});

describe('toWebRegistrationPayload', () => {
  test('converts to the trimmed snake_case payload', () => {
    expect(toWebRegistrationPayload(form, ' abcd-2345 ')).toEqual({
      invite_code: 'ABCD-2345',
      first_name: 'Ada',
      last_name: 'Lovelace',
      age: 36,
      location: 'London',
      phone: '+447911123456',
      occupation: OCCUPATION,
      who_i_know_groups: [
        {
          id: 'entry-1',
          group_name: 'Chess Club',
          location: 'Camden',
          position: { x: 12.5, y: -40 },
          kind: 'group',
        },
        {
          id: 'entry-2',
          group_name: 'Charles',
          location: 'Camden',
          position: { x: 12.5, y: -40 },
          kind: 'person',
        },
      ],
      who_i_know_people: [],
      looking_for: ['Friendship'],
      interests: ['Long walks along the river with friends'],
    });
  });

  test('age is a number and the people list is always empty', () => {
    const payload = toWebRegistrationPayload(form, 'CODE');
    expect(typeof payload.age).toBe('number');
    expect(Array.isArray(payload.who_i_know_groups)).toBe(true);
    expect(payload.who_i_know_people).toEqual([]);
  });

  test('an unparseable phone is sent as typed, trimmed', () => {
    expect(toWebRegistrationPayload({ ...form, phone: ' 12345 ' }, 'CODE').phone).toBe('12345');
  });

  test.each<[age: string, parsed: number]>([
    ['36', 36],
    [' 18 ', 18],
    ['18.5', Number.NaN],
    ['abc', Number.NaN],
    ['', Number.NaN],
  ])('parseAge(%j) → %p', (age, parsed) => {
    expect(parseAge(age)).toBe(parsed);
  });
});
