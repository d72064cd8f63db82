/** Bytes as the documents page shows them: KB under a megabyte, else MB with one decimal, in the locale's digits. */
export const formatSize = (bytes: number, locale: string): string =>
  bytes < 1024 * 1024
    ? `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024))} KB`
    : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} MB`;
