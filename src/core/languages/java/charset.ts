import type { FileEncoding } from '../../text/encoding';

/** The name javac's `-encoding` takes for a file's encoding (Java reads a UTF-16 BOM itself). */
export function javacCharset(encoding: FileEncoding): string {
  if (encoding.name.startsWith('utf-16')) return encoding.bom ? 'UTF-16' : encoding.name.toUpperCase();
  if (encoding.name === 'macintosh') return 'x-MacRoman';
  if (encoding.name === 'x-mac-cyrillic') return 'x-MacCyrillic';
  if (encoding.name === 'ibm866') return 'IBM866';
  if (encoding.name === 'iso-8859-8-i') return 'ISO-8859-8';
  return encoding.name.toUpperCase();
}
