import {
  INVALID_AGE,
  INVALID_PHONE,
  LONG_TEXT_REQUIRED,
  TOO_MANY_LOOKING_FOR,
  TOO_MANY_PHOTOS,
} from '../../src/domain/fieldRules';
import { checkWebRegistrationPayload } from '../../src/domain/registrationPayloadRules';
import { type WebNetworkEntry, type WebRegistrationPayload } from '../../src/domain/contracts/registration';

function entry(overrides: Partial<WebNetworkEntry> = {}): WebNetworkEntry {
  return {
    id: 'e1',
    group_name: 'Chess Club',
    location: 'Camden',
    position: { x: 1, y: 2 },
    kind: 'group',
    ...overrides,
  };
}

const validPayload: WebRegistrationPayload = {
  invite_code: 'ABCD2345',
  first_name: 'Ada',
  last_name: 'Lovelace',
  age: 36,
  location: 'London',
  phone: '+447911123456',
  occupation: 'Mathematician writing notes on engines',
  who_i_know_groups: [entry(), entry({ id: 'p1', kind: 'person' })],
  who_i_know_people: [],
  looking_for: ['Friendship'],
  interests: ['Long walks along the river with friends'],
};

test('a valid payload passes', () => {
  expect(checkWebRegistrationPayload(validPayload, 1).error).toBeUndefined();
  expect(checkWebRegistrationPayload(validPayload, 3).error).toBeUndefined();
});

describe('required fields, in the spec order', () => {
  const blanks: [field: string, change: Partial<WebRegistrationPayload>, detail: string][] = [
    ['first_name', { first_name: ' ' }, 'First name is required'],
    ['last_name', { last_name: '' }, 'Last name is required'],
    ['age', { age: Number.NaN }, 'Age is required'],
    ['location', { location: '' }, 'Location is required'],
    ['phone', { phone: '  ' }, 'Phone number is required'],
    ['occupation', { occupation: '' }, 'Occupation is required'],
    ['photos', {}, 'At least one photo is required'],
    ['who_i_know_groups', { who_i_know_groups: [] }, 'Social connections are required'],
  ];

  test.each(blanks.map(([field, , detail], index) => [field, detail, index] as const))(
    'missing %s and every later field → %j',
    (field, detail, index) => {
      const changes = Object.assign({}, ...blanks.slice(index).map(([, change]) => change));
      const payload = { ...validPayload, ...changes };
      const photoCount = index <= blanks.findIndex(([name]) => name === 'photos') ? 0 : 1;
      expect(checkWebRegistrationPayload(payload, photoCount).error).toEqual({ field, detail });
    },
  );

  test('a missing field is reported before an invalid earlier one', () => {
    const payload = { ...validPayload, age: 12, occupation: '' };
    expect(checkWebRegistrationPayload(payload, 1).error?.detail).toBe('Occupation is required');
  });
});

describe('field rules', () => {
  const many = (count: number) => Array.from({ length: count }, (_, i) => entry({ id: `g${i}` }));

  test.each<
    [
      description: string,
      change: Partial<WebRegistrationPayload>,
      photos: number,
      field: string,
      detail: string,
    ]
  >([
    [
      'first name too long',
      { first_name: 'a'.repeat(81) },
      1,
      'first_name',
      'First name must be at most 80 characters',
    ],
    [
      'last name too long',
      { last_name: 'a'.repeat(81) },
      1,
      'last_name',
      'Last name must be at most 80 characters',
    ],
    ['age below 18', { age: 17 }, 1, 'age', INVALID_AGE],
    ['age above 100', { age: 101 }, 1, 'age', INVALID_AGE],
    ['age not whole', { age: 18.5 }, 1, 'age', INVALID_AGE],
    ['age infinite', { age: Number.POSITIVE_INFINITY }, 1, 'age', INVALID_AGE],
    [
      'location too long',
      { location: 'a'.repeat(121) },
      1,
      'location',
      'Location must be at most 120 characters',
    ],
    ['phone invalid', { phone: '12345' }, 1, 'phone', INVALID_PHONE],
    ['phone with letters', { phone: '07911 12345a' }, 1, 'phone', INVALID_PHONE],
    ['occupation too short', { occupation: 'a'.repeat(29) }, 1, 'occupation', LONG_TEXT_REQUIRED],
    [
      'occupation too long',
      { occupation: 'a'.repeat(1001) },
      1,
      'occupation',
      'Occupation must be at most 1000 characters',
    ],
    ['too many photos', {}, 4, 'photos', TOO_MANY_PHOTOS],
    [
      'too many looking for',
      { looking_for: ['Friendship', 'Co-Founder', 'Network', 'Romance', 'Creative Partner'] },
      1,
      'looking_for',
      TOO_MANY_LOOKING_FOR,
    ],
    [
      'unknown looking for',
      { looking_for: ['Enemies'] },
      1,
      'looking_for',
      'Choose what you are looking for from: Friendship, Co-Founder, Network, Romance, Creative Partner',
    ],
    [
      'duplicate looking for',
      { looking_for: ['Network', 'Network'] },
      1,
      'looking_for',
      'Each option can be chosen only once',
    ],
    ['too many interests', { interests: ['a', 'b', 'c'] }, 1, 'interests', 'At most 2 interests are allowed'],
    ['blank interest', { interests: ['  '] }, 1, 'interests', 'Interests must not be empty'],
    [
      'interest too long',
      { interests: ['a'.repeat(1001)] },
      1,
      'interests',
      'Each interest must be at most 1000 characters',
    ],
    [
      'entry without id',
      { who_i_know_groups: [entry({ id: '' })] },
      1,
      'who_i_know_groups[0].id',
      'Each connection needs an id of 1 to 64 characters',
    ],
    [
      'entry id too long',
      { who_i_know_groups: [entry({ id: 'x'.repeat(65) })] },
      1,
      'who_i_know_groups[0].id',
      'Each connection needs an id of 1 to 64 characters',
    ],
    [
      'entry without name',
      { who_i_know_groups: [entry(), entry({ group_name: ' ' })] },
      1,
      'who_i_know_groups[1].group_name',
      'Each connection needs a name',
    ],
    [
      'entry name too long',
      { who_i_know_groups: [entry({ group_name: 'a'.repeat(121) })] },
      1,
      'who_i_know_groups[0].group_name',
      'A connection name must be at most 120 characters',
    ],
    [
      'entry without location',
      { who_i_know_groups: [entry({ location: '' })] },
      1,
      'who_i_know_groups[0].location',
      'Each connection needs a location',
    ],
    [
      'entry location too long',
      { who_i_know_groups: [entry({ location: 'a'.repeat(121) })] },
      1,
      'who_i_know_groups[0].location',
      'A connection location must be at most 120 characters',
    ],
    [
      'entry position not finite',
      { who_i_know_groups: [entry({ position: { x: Number.NaN, y: 0 } })] },
      1,
      'who_i_know_groups[0].position',
      'Each connection needs a position with x and y from -1000 to 1000',
    ],
    [
      'entry position past what can be stored',
      { who_i_know_groups: [entry({ position: { x: 1e39, y: 0 } })] },
      1,
      'who_i_know_groups[0].position',
      'Each connection needs a position with x and y from -1000 to 1000',
    ],
    [
      'a first name of zero-width spaces',
      { first_name: '\u200B\u200B' },
      1,
      'first_name',
      'First name is required',
    ],
    [
      'a last name with a right-to-left override',
      { last_name: 'Smith\u202Egpj.exe' },
      1,
      'last_name',
      'Last name must not contain text-direction control characters',
    ],
    [
      'an escape sequence in the location',
      { location: 'Lon\u001B[2Jdon' },
      1,
      'location',
      'Location must not contain control characters (such as tab or escape)',
    ],
    [
      'a C1 control in a connection location',
      { who_i_know_groups: [entry({ location: 'Leeds\u0085' })] },
      1,
      'who_i_know_groups[0].location',
      'A connection location must not contain control characters (such as tab or escape)',
    ],
    [
      'entry of unknown kind',
      { who_i_know_groups: [entry({ kind: 'pet' as 'group' })] },
      1,
      'who_i_know_groups[0].kind',
      'A connection must be a group or a person',
    ],
    ['four groups', { who_i_know_groups: many(4) }, 1, 'who_i_know_groups', 'At most 3 groups can be added'],
    [
      'four people',
      { who_i_know_groups: many(4).map((e) => ({ ...e, kind: 'person' as const })) },
      1,
      'who_i_know_groups',
      'At most 3 people can be added',
    ],
    [
      'people sent separately',
      { who_i_know_people: [entry()] as never[] },
      1,
      'who_i_know_people',
      'People are sent among who_i_know_groups',
    ],
  ])('%s', (_description, change, photos, field, detail) => {
    expect(checkWebRegistrationPayload({ ...validPayload, ...change }, photos).error).toEqual({
      field,
      detail,
    });
  });

  test('three groups and three people are fine; empty lists of options and interests too', () => {
    const six = [...many(3), ...many(3).map((e) => ({ ...e, kind: 'person' as const }))];
    const payload = { ...validPayload, who_i_know_groups: six, looking_for: [], interests: [] };
    expect(checkWebRegistrationPayload(payload, 1).error).toBeUndefined();
  });

  test('a valid national phone passes (the server stores its E.164 form)', () => {
    const payload = { ...validPayload, phone: '07911 123456' };
    expect(checkWebRegistrationPayload(payload, 1).error).toBeUndefined();
    expect(checkWebRegistrationPayload(payload, 1).payload?.phone).toBe('+447911123456');
  });
});

test('a valid payload comes back trimmed, with the invite code normalised', () => {
  const messy: WebRegistrationPayload = {
    ...validPayload,
    invite_code: ' abcd2345 ',
    first_name: ' Ada ',
    location: ' London ',
    who_i_know_groups: [entry({ id: ' e1 ', group_name: ' Chess Club ', location: ' Camden ' })],
    interests: [' reading '],
  };
  expect(checkWebRegistrationPayload(messy, 1).payload).toEqual({
    ...validPayload,
    who_i_know_groups: [entry()],
    interests: ['reading'],
  });
});
