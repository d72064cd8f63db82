/**
 * Hands the downloaded CSV to the browser to save: a Blob behind a link with `download`, pressed once and let go
 * (as the work calendar saves its .ics; Blob links need nothing from the Content-Security-Policy). The text keeps
 * its byte order mark, which the Blob writes as UTF-8 (EF BB BF), so Excel opens the file as UTF-8.
 */
export function saveCsvFile({ text, fileName }: { text: string; fileName: string }): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // the browser has taken the file once the click is handled; a minute is ample before letting the Blob go
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
