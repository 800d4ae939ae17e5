import { StoredType as Type, wellTypedProperties } from '../../src/domain/contracts/lenientRead';

const Entry = Type.Object({
  name: Type.String(),
  count: Type.Number(),
  tags: Type.Optional(Type.Array(Type.String())),
});

test('keeps each named property of the right type and drops the rest', () => {
  expect(
    wellTypedProperties(Entry, { name: 'Chess Club', count: 'three', tags: ['a', 1], extra: true }),
  ).toEqual({ name: 'Chess Club' });
  expect(wellTypedProperties(Entry, { name: 'Chess Club', count: 3, tags: ['a'] })).toEqual({
    name: 'Chess Club',
    count: 3,
    tags: ['a'],
  });
});

test.each<[description: string, value: unknown]>([
  ['null', null],
  ['a list', [{ name: 'Chess Club' }]],
  ['a string', 'Chess Club'],
  ['a number', 42],
  ['undefined', undefined],
])('%s holds nothing to keep', (_description, value) => {
  expect(wellTypedProperties(Entry, value)).toEqual({});
});

test('does not change what it read', () => {
  const stored = { name: 'Chess Club', count: 'three', extra: true };
  wellTypedProperties(Entry, stored);
  expect(stored).toEqual({ name: 'Chess Club', count: 'three', extra: true });
});
