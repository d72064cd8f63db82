import type { DocumentExtension } from '@/schemas/documents';

/**
 * Does a file's content match its extension? The extension alone proves nothing (a .exe renamed .pdf starts with
 * `MZ`), so the first bytes are checked against each format's signature: PDF `%PDF-`, PNG's 8-byte signature, JPEG's
 * SOI marker FF D8 FF, GIF87a / GIF89a. A CSV has no signature: it must be text, read as valid UTF-8 with no NUL byte
 * (every executable and image format has NULs near the start). An empty file is no document of any kind.
 */
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

const isUtf8Text = (bytes: Uint8Array): boolean => {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

export const contentMatches = (ext: DocumentExtension, bytes: Uint8Array): boolean => {
  if (bytes.length === 0) return false;
  switch (ext) {
    case 'pdf':
      return startsWith(bytes, ascii('%PDF-'));
    case 'png':
      return startsWith(bytes, PNG);
    case 'jpg':
    case 'jpeg':
      return startsWith(bytes, JPEG);
    case 'gif':
      return startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'));
    case 'csv':
      return isUtf8Text(bytes);
  }
};
