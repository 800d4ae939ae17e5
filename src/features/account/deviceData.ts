/** The name of the downloaded file: the date makes several exports easy to tell apart. */
export function exportFileName(now = new Date()): string {
  return `becca-my-data-${now.toISOString().slice(0, 10)}.json`;
}

/** Hands the export to the browser as a file download. */
export function saveExport(text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName();
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Everything this site keeps in the browser (the access key, a registration draft, the intro-video
 * flag) belongs to the account that was just deleted, so all of it goes.
 */
export function forgetThisDevice(): void {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage the browser refuses to touch holds nothing of ours either.
  }
}
