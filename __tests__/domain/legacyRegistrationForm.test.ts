import { checkWebRegistrationPayload } from '../../src/domain/registrationPayloadRules';
import { legacyFormToWebPayload } from '../../src/domain/legacyRegistrationForm';

const fields = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  age: '36',
  location: 'London',
  phone: '07911 123456',
  occupation: 'What is your occupation?: Mathematician writing notes on engines',
  whoIKnow: JSON.stringify([
    { id: 'g1', group: 'Chess Club', location: 'Camden', x: 10, y: 20, isPart2Entry: false },
    {
      id: 7,
      group_name: 'Charles',
      location: 'Marylebone',
      position: { x: -5, y: 3 },
      kind: 'person',
    },
    { group: 'Choir', location: 'Islington' },
  ]),
};

test('converts the older multipart form to the web payload the server stores', () => {
  const conversion = legacyFormToWebPayload(fields, ' abcd2345 ');
  expect(conversion.ok && checkWebRegistrationPayload(conversion.payload, 1)).toEqual({
    payload: {
      invite_code: 'ABCD2345',
      first_name: 'Ada',
      last_name: 'Lovelace',
      age: 36,
      location: 'London',
      phone: '+447911123456',
      occupation: 'Mathematician writing notes on engines',
      who_i_know_groups: [
        {
          id: 'g1',
          group_name: 'Chess Club',
          location: 'Camden',
          position: { x: 10, y: 20 },
          kind: 'group',
        },
        {
          id: '7',
          group_name: 'Charles',
          location: 'Marylebone',
          position: { x: -5, y: 3 },
          kind: 'person',
        },
        {
          id: 'legacy-2',
          group_name: 'Choir',
          location: 'Islington',
          position: { x: 0, y: 0 },
          kind: 'group',
        },
      ],
      who_i_know_people: [],
      looking_for: [],
      interests: [],
    },
  });
});

test('the converted payload passes the shared rules', () => {
  const conversion = legacyFormToWebPayload(fields, 'ABCD2345');
  expect(conversion.ok && checkWebRegistrationPayload(conversion.payload, 1).error).toBeUndefined();
});

test.each<[description: string, whoIKnow: string | undefined, detail: string]>([
  ['not JSON', '{oops', 'whoIKnow must be JSON text listing your connections'],
  ['a JSON object, not a list', '{"group":"Chess"}', 'whoIKnow must be JSON text listing your connections'],
  ['a JSON string', '"Chess"', 'whoIKnow must be JSON text listing your connections'],
  ['a list of strings', '["Chess"]', 'Each whoIKnow entry must be an object with a group and a location'],
  ['a list with null', '[null]', 'Each whoIKnow entry must be an object with a group and a location'],
])('whoIKnow that is %s is refused', (_description, whoIKnow, detail) => {
  expect(legacyFormToWebPayload({ ...fields, whoIKnow }, 'CODE')).toEqual({ ok: false, detail });
});

test('missing fields become empty and are reported by the usual rules', () => {
  const conversion = legacyFormToWebPayload({ firstName: 'Ada' }, 'CODE');
  expect(conversion.ok).toBe(true);
  if (!conversion.ok) return;
  expect(conversion.payload.who_i_know_groups).toEqual([]);
  expect(checkWebRegistrationPayload(conversion.payload, 1).error).toEqual({
    field: 'last_name',
    detail: 'Last name is required',
  });
});

test('entries with wrong value types are kept and then fail validation', () => {
  const whoIKnow = JSON.stringify([{ group: 42, location: 'Camden', x: 'left' }]);
  const conversion = legacyFormToWebPayload({ ...fields, whoIKnow }, 'CODE');
  expect(conversion.ok && conversion.payload.who_i_know_groups[0]).toEqual({
    id: 'legacy-0',
    group_name: '',
    location: 'Camden',
    position: { x: 0, y: 0 },
    kind: 'group',
  });
  expect(conversion.ok && checkWebRegistrationPayload(conversion.payload, 1).error?.detail).toBe(
    'Each connection needs a name',
  );
});
