import { REQUIRED, parseTypedAge, type OnboardingDraft } from '../../src/domain/fieldRules';
import {
  canAddNetworkEntry,
  toWebRegistrationPayload,
  validateNetworkEntryInput,
  type NetworkEntry,
} from '../../src/domain/registration';
import { checkWebRegistrationPayload } from '../../src/domain/registrationPayloadRules';
import { tooLongMessage } from '../../src/domain/registrationMessages';

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

const entries = [entry(), entry({ id: 'entry-2', group: 'Charles', isPart2Entry: true })];

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

describe('toWebRegistrationPayload', () => {
  test('maps the draft, the entries and the code to the snake_case payload, text as typed', () => {
    expect(toWebRegistrationPayload(draft, entries, ' abcd-2345 ')).toEqual({
      invite_code: ' abcd-2345 ',
      first_name: ' Ada ',
      last_name: 'Lovelace ',
      age: 36,
      location: ' London ',
      phone: '07911 123456',
      occupation: ` ${OCCUPATION} `,
      who_i_know_groups: [
        {
          id: 'entry-1',
          group_name: ' Chess Club ',
          location: ' Camden ',
          position: { x: 12.5, y: -40 },
          kind: 'group',
        },
        {
          id: 'entry-2',
          group_name: 'Charles',
          location: ' Camden ',
          position: { x: 12.5, y: -40 },
          kind: 'person',
        },
      ],
      who_i_know_people: [],
      // An unanswered "exciting" is left out rather than sent blank.
      looking_for: ['Friendship', 'Network'],
      interests: ['Long walks along the river with friends'],
    });
  });

  test('the shared check turns it into what the server stores: trimmed, E.164 phone, upper-case code', () => {
    expect(checkWebRegistrationPayload(toWebRegistrationPayload(draft, entries, ' abcd-2345 '), 1)).toEqual({
      payload: {
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
        looking_for: ['Friendship', 'Network'],
        interests: ['Long walks along the river with friends'],
      },
    });
  });

  test('the first failing field of a draft is the message the browser shows', () => {
    const unfinished = { ...draft, lastName: ' ', phone: '12345' };
    const checked = checkWebRegistrationPayload(toWebRegistrationPayload(unfinished, entries, 'CODE'), 1);
    expect(checked.error).toEqual({ field: 'last_name', detail: 'Last name is required' });
    const badPhone = checkWebRegistrationPayload(
      toWebRegistrationPayload({ ...draft, phone: '12345' }, entries, 'C'),
      1,
    );
    expect(badPhone.error).toEqual({ field: 'phone', detail: 'Please enter a valid phone number' });
  });

  test('no entries → "Social connections are required"; no photo → the photo message first', () => {
    const payload = toWebRegistrationPayload(draft, [], 'CODE');
    expect(checkWebRegistrationPayload(payload, 1).error?.detail).toBe('Social connections are required');
    expect(checkWebRegistrationPayload(payload, 0).error?.detail).toBe('At least one photo is required');
  });

  test.each<[age: string, parsed: number]>([
    ['36', 36],
    [' 18 ', 18],
    ['18.5', Number.NaN],
    ['abc', Number.NaN],
    ['', Number.NaN],
  ])('parseTypedAge(%j) → %p', (age, parsed) => {
    expect(parseTypedAge(age)).toBe(parsed);
  });
});
