/**
 * The one person the contracts' examples describe, so that the registration, the member's profile
 * and the assistant's view of her agree. Every value passes the domain's rules.
 */
export const exampleMember = {
  user_id: '3f1c2a9e-8b7d-4e6f-9a0b-1c2d3e4f5a6b',
  first_name: 'Ada',
  last_name: 'Lovelace',
  age: 36,
  location: 'London',
  phone: '+447912345678',
  occupation: 'I write programs for an engine that does not exist yet.',
  looking_for: ['Friendship'],
  interests: ['Long walks along the canal and talking about numbers.'],
};

/** Her one who-I-know entry, where she placed it on her card. */
export const exampleEntry = {
  kind: 'group' as const,
  name: 'Chess Club',
  location: 'Camden',
  position: { x: 40, y: 55 },
};
