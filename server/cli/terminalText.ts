/**
 * What the operator's commands print comes from strangers (names, e-mails, labels). The server refuses
 * control and bidi characters now, but rows stored before that, or written by other tools, may hold
 * them: printed raw, ESC can clear or rewrite the terminal, CR can forge a listing line and a bidi
 * override can reverse what follows. So every such character is shown as a visible escape instead.
 */
const NON_PRINTABLE = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u2028\u2029]/gu;

export function printable(text: string): string {
  return text.replace(NON_PRINTABLE, (character) => {
    const code = character.codePointAt(0)!;
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
