/** A paragraph is a string; a bulleted list is an array of strings. */
export type LegalBlock = string | readonly string[];

export interface LegalSection {
  /** Anchor id, e.g. "information-we-collect". */
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  effectiveDate: string;
  summary: string;
  sections: readonly LegalSection[];
}
