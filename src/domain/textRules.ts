/**
 * Text that can be stored is text a person typed. Names and free text are shown later in places we
 * do not control (the operator's terminal, a spreadsheet, the assistant's chat), so characters that
 * steer a display rather than show something are refused: control characters (which can clear a
 * terminal or forge a line), bidi overrides and isolates (which make "Smith\u202Egpj.exe" read as
 * "Smithexe.jpg"), and text that is only invisible characters.
 */

/** C0 controls, DEL and C1 controls (Unicode's Cc: U+0000-U+001F and U+007F-U+009F). */
const CONTROL = /\p{Cc}/u;
/** The same, but a line feed is allowed (long text typed in a textarea). */
const CONTROL_EXCEPT_NEWLINE = /(?!\n)\p{Cc}/u;
/** Embeddings, overrides (U+202A-U+202E) and isolates (U+2066-U+2069). Marks (LRM/RLM) stay allowed. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/**
 * What renders as nothing: white space, format characters (zero-width space and joiners, soft hyphen,
 * byte order mark, direction marks...) and the fillers some fonts draw empty.
 */
const INVISIBLE = /[\s\p{Cf}\u115F\u1160\u180E\u2800\u3164\uFFA0]/gu;

export type TextProblem = 'control' | 'bidi' | 'blank';

export interface TextRuleOptions {
  /** Long text (occupation, interests) may contain line feeds. */
  multiline?: boolean;
}

/** Nothing visible left once white space and invisible characters are taken out. */
export function isVisiblyBlank(value: string): boolean {
  return value.replace(INVISIBLE, '') === '';
}

/** Longer than `maxLength` once trimmed (what is stored is trimmed). */
export function exceedsMaxLength(value: string, maxLength: number): boolean {
  return value.trim().length > maxLength;
}

/** The first reason this text cannot be stored, or undefined when it can (blank counts). */
export function textProblem(
  value: string,
  { multiline = false }: TextRuleOptions = {},
): TextProblem | undefined {
  // Blank first: a field that shows nothing is "required", whatever invisible thing it holds.
  if (isVisiblyBlank(value)) return 'blank';
  // Only what is stored counts: white space at either end (a stray tab, a final CR) is trimmed away.
  const stored = value.trim();
  if ((multiline ? CONTROL_EXCEPT_NEWLINE : CONTROL).test(stored)) return 'control';
  if (BIDI_CONTROL.test(stored)) return 'bidi';
  return undefined;
}

/** Messages for a field shown beside it (the wizard), so they need not name the field. */
export const TEXT_PROBLEM_MESSAGES: Record<Exclude<TextProblem, 'blank'>, string> = {
  control: 'Remove the control characters (such as tab or escape) from this text',
  bidi: 'Remove the text-direction control characters from this text',
};

/** The same messages naming the field, for an API answer that has no field beside it. */
export function describeTextProblem(label: string, problem: Exclude<TextProblem, 'blank'>): string {
  return problem === 'control'
    ? `${label} must not contain control characters (such as tab or escape)`
    : `${label} must not contain text-direction control characters`;
}

/**
 * For optional text: the message when the text is present but unusable (controls, bidi), undefined
 * when it is fine or empty. Required fields check blankness themselves with their own message.
 */
export function unusableTextMessage(
  label: string,
  value: string,
  options: TextRuleOptions = {},
): string | undefined {
  const problem = textProblem(value, options);
  return problem === 'control' || problem === 'bidi' ? describeTextProblem(label, problem) : undefined;
}
