/** Lowercase, commas and ampersands removed, spaces to hyphens ("Cost, Privacy & Safety" → "cost-privacy-safety"). */
export function sectionAnchorId(title: string): string {
  return title.toLowerCase().replace(/[,&]/g, '').trim().replace(/\s+/g, '-');
}
