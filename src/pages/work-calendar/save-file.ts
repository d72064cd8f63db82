/**
 * Hands a downloaded text file to the browser to save (the work calendar's .ics export): a Blob behind a link with
 * `download`, pressed once and let go. Blob links need nothing from the Content-Security-Policy.
 */
export function saveTextFile({ text, fileName }: { text: string; fileName: string }): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
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
