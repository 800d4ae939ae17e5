import { calendarDateProblem } from '../../src/domain/calendarDate';
import { mayDo, operatorRoles, rolePermissions } from '../../src/domain/operatorRoles';
import { phoneForLists } from '../../src/domain/phoneNumber';
import { visible } from '../../src/domain/visibleText';

describe('phoneForLists', () => {
  test.each([
    ['+447912345678', '+44 7912 ••• 678'],
    ['+33612345678', '+33 6123 ••• 678'],
    ['+12025550123', '+1 2025 ••• 123'],
    ['+35312345', '+353 12 ••• 45'],
    ['07912 345678', '0791 ••• 678'],
    ['12', '•••'],
  ])('%s → %s', (phone, shown) => {
    expect(phoneForLists(phone)).toBe(shown);
  });

  test('hides the middle digits of every number', () => {
    expect(phoneForLists('+447912345678')).not.toContain('345');
  });
});

describe('calendarDateProblem', () => {
  test.each(['2026-11-28', '2024-02-29', '2000-01-01', '2999-12-31'])('%s is a day', (day) => {
    expect(calendarDateProblem('The day', day)).toBeUndefined();
  });
  test.each([
    ['2026-13-45', /is not a calendar date/],
    ['2026-02-30', /is not a calendar date/],
    ['2025-02-29', /is not a calendar date/],
    ['26-11-28', /is not a calendar date/],
    ['0000-01-01', /out of range/],
    ['1999-12-31', /out of range/],
    ['3000-01-01', /out of range/],
  ])('%s is refused', (day, message) => {
    expect(calendarDateProblem('The day', day)).toMatch(message);
  });
});

describe('roles', () => {
  test('an owner may do all an operator may, and manage operators; an operator only run the network', () => {
    for (const permission of rolePermissions.operator) expect(mayDo('owner', permission)).toBe(true);
    expect(mayDo('owner', 'manage-operators')).toBe(true);
    expect(mayDo('operator', 'manage-operators')).toBe(false);
    expect(mayDo('operator', 'sign-in-links-for-others')).toBe(false);
    expect(mayDo('operator', 'run-network')).toBe(true);
    expect(Object.keys(rolePermissions).sort()).toEqual([...operatorRoles].sort());
  });
});

describe('visible (the console’s and the CLI’s one escaping rule)', () => {
  test.each([
    ['Party \u202Etxt.exe', 'Party \\u202etxt.exe'],
    ['line\nforged', 'line\\nforged'],
    ['\u001b[2J', '\\x1b[2J'],
    ['a\\nb', 'a\\\\nb'],
    ['Zoë ✓', 'Zoë ✓'],
  ])('%j → %j', (stored, shown) => {
    expect(visible(stored)).toBe(shown);
  });
});
