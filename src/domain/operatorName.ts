/**
 * An operator's name: how the audit trail, the console and the sign-in page name them. Lower-case
 * letters, digits, `.`, `_` and `-`, starting with a letter or digit, at most 40 characters: nothing
 * to escape in a URL path, a terminal or a page, and no `:` or `@`, so that no name can pass for the
 * command line's `cli:<user>@<host>` actor.
 */
export const OPERATOR_NAME_PATTERN = '^[a-z0-9][a-z0-9._-]{0,39}$';
export const OPERATOR_NAME_MAX_LENGTH = 40;

// Checked before folding case: some non-ASCII letters lower-case to ASCII ones (U+212A KELVIN SIGN to "k").
const TYPED_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;

/** The name as stored (ASCII letters lower-cased), or undefined when it breaks the rule above. */
export function operatorName(typed: string): string | undefined {
  return TYPED_NAME.test(typed) ? typed.toLowerCase() : undefined;
}

export const OPERATOR_NAME_RULE =
  'An operator name is 1 to 40 letters, digits, ".", "_" or "-", starting with a letter or digit.';
