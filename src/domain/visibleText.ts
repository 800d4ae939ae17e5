/**
 * Stored text as an operator reads it, in a terminal (server/cli/operatorOutput.ts) or in the
 * console: what was typed by strangers, or written by other tools into the database, may hold
 * characters that steer a display rather than show something. Printed raw, a line feed or U+2028
 * forges a line of a listing, ESC rewrites a terminal and a bidi override reverses what follows (a
 * label "\u202Etxt.exe" reads "exe.txt"). Every such character is shown as a visible escape.
 */

/** Control characters (C0, DEL, C1), lone surrogates, line and paragraph separators, bidi controls. */
const INVISIBLE = /[\\\p{Cc}\p{Cs}\p{Zl}\p{Zp}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
// The backslash too, so that a name typed as `\n` cannot pass for an escaped line feed.
const NAMED: Readonly<Record<string, string>> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A value as the operator reads it: every invisible or line-breaking character as a visible escape. */
export function visible(value: string): string {
  return value.replace(INVISIBLE, (character) => {
    const named = NAMED[character];
    if (named) return named;
    const code = character.codePointAt(0)!;
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
