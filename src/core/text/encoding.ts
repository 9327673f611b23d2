/**
 * Bytes to text and back, exactly: a source file's bytes outside the rewritten spans must come
 * out as they went in. A file is read as UTF-8 (with or without a byte order mark) or UTF-16
 * with a BOM; in another encoding when its Python coding declaration or the user (`--encoding`,
 * an editor that knows the file's encoding) names one that this module can write back byte for
 * byte. Nothing is ever substituted: bytes that do not decode are refused with the line they
 * are on, and a character the encoding cannot hold is refused when the text is encoded.
 */

/** How a file's text is stored: an encoding's canonical name (see `encodingNamed`), and whether it starts with a BOM. */
export interface FileEncoding {
  name: string;
  bom: boolean;
}

export const UTF8: FileEncoding = { name: 'utf-8', bom: false };

/** Bytes that could not be read as text: where, and why. */
export interface Undecodable {
  /** Offset of the first offending byte. */
  offset: number;
  /** 1-based line of that byte. */
  line: number;
  /** The offending byte. */
  byte: number;
}

export type Decoded = { text: string; encoding: FileEncoding } | { problem: string; at?: Undecodable };

interface Codec {
  /** The name messages use. */
  readonly name: string;
  /** Text of the bytes (after any BOM), or the offset of the first byte that is not of this encoding. */
  decode(bytes: Uint8Array): string | number;
  /** Bytes of the text, or the index of the first character this encoding cannot hold. */
  encode(text: string): Buffer | number;
  /** Bytes of a line break: lines are counted in these units. */
  readonly unit: 1 | 2;
  readonly bigEndian?: boolean;
}

const BOMS: Record<string, number[]> = {
  'utf-8': [0xef, 0xbb, 0xbf],
  'utf-16le': [0xff, 0xfe],
  'utf-16be': [0xfe, 0xff],
};

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    let max = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) need = 2;
    else if (b >= 0xf0 && b <= 0xf4) need = 3;
    else return i;
    // the second byte's range rules out overlong forms, surrogates and code points above U+10FFFF
    min = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
    if (b === 0xed) max = 0x9f;
    else if (b === 0xf4) max = 0x8f;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? min : 0x80) || c > (k === 1 ? max : 0xbf)) return i;
    }
    i += need + 1;
  }
  return -1;
}

const utf8: Codec = {
  name: 'utf-8',
  unit: 1,
  decode(bytes) {
    const bad = firstInvalidUtf8(bytes);
    return bad >= 0 ? bad : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  },
  encode(text) {
    const bad = loneSurrogate(text);
    return bad >= 0 ? bad : Buffer.from(text, 'utf8');
  },
};

/** Index of the first surrogate without its pair (no encoding of Unicode can write it), or -1. */
function loneSurrogate(text: string): number {
  // the native check first: this runs on the whole file at every step
  if ((text as { isWellFormed?: () => boolean }).isWellFormed?.() === true) return -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
    }
    return i;
  }
  return -1;
}

function fromUnits(units: Uint16Array): string {
  return Buffer.from(units.buffer, units.byteOffset, units.byteLength).toString('utf16le');
}

function utf16(bigEndian: boolean): Codec {
  return {
    name: bigEndian ? 'utf-16be' : 'utf-16le',
    unit: 2,
    bigEndian,
    decode(bytes) {
      const n = bytes.length - (bytes.length % 2);
      const units = new Uint16Array(n / 2);
      for (let i = 0; i < n; i += 2) units[i / 2] = bigEndian ? (bytes[i] << 8) | bytes[i + 1] : bytes[i] | (bytes[i + 1] << 8);
      const text = fromUnits(units);
      const bad = loneSurrogate(text);
      if (bad >= 0) return bad * 2;
      return n < bytes.length ? n : text;
    },
    encode(text) {
      const bad = loneSurrogate(text);
      if (bad >= 0) return bad;
      const out = Buffer.from(text, 'utf16le');
      if (bigEndian) out.swap16();
      return out;
    },
  };
}

/** Bytes are code points U+0000..U+00FF: ISO-8859-1 as Python means it (WHATWG's "latin1" label is windows-1252). */
const latin1: Codec = {
  name: 'iso-8859-1',
  unit: 1,
  decode: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'),
  encode(text) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return i;
    return Buffer.from(text, 'latin1');
  },
};

/** WHATWG's single-byte encodings: each byte is one character, so a table read from the decoder writes them back. */
const SINGLE_BYTE = new Set([
  'ibm866',
  'iso-8859-2',
  'iso-8859-3',
  'iso-8859-4',
  'iso-8859-5',
  'iso-8859-6',
  'iso-8859-7',
  'iso-8859-8',
  'iso-8859-8-i',
  'iso-8859-10',
  'iso-8859-13',
  'iso-8859-14',
  'iso-8859-15',
  'iso-8859-16',
  'koi8-r',
  'koi8-u',
  'macintosh',
  'windows-874',
  'windows-1250',
  'windows-1251',
  'windows-1252',
  'windows-1253',
  'windows-1254',
  'windows-1255',
  'windows-1256',
  'windows-1257',
  'windows-1258',
  'x-mac-cyrillic',
]);

/** Which byte each character of a single-byte encoding is; a byte the encoding leaves undefined maps to nothing. */
function singleByte(name: string): Codec | undefined {
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(name, { fatal: true });
  } catch {
    return undefined;
  }
  // -1: a byte this encoding leaves undefined
  const chars = new Int32Array(256).fill(-1);
  const bytes = new Map<number, number>();
  for (let b = 0; b < 256; b++) {
    try {
      const c = decoder.decode(Uint8Array.of(b));
      if (c.length !== 1) continue;
      chars[b] = c.charCodeAt(0);
      if (!bytes.has(chars[b])) bytes.set(chars[b], b);
    } catch {
      // undefined in this encoding
    }
  }
  return {
    name,
    unit: 1,
    decode(input) {
      const units = new Uint16Array(input.length);
      for (let i = 0; i < input.length; i++) {
        const c = chars[input[i]];
        if (c < 0) return i;
        units[i] = c;
      }
      return fromUnits(units);
    },
    encode(text) {
      const out = Buffer.alloc(text.length);
      for (let i = 0; i < text.length; i++) {
        const b = bytes.get(text.charCodeAt(i));
        if (b === undefined) return i;
        out[i] = b;
      }
      return out;
    },
  };
}

const ascii: Codec = {
  name: 'us-ascii',
  unit: 1,
  decode(bytes) {
    const bad = bytes.findIndex((b) => b > 0x7f);
    return bad >= 0 ? bad : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  },
  encode(text) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return i;
    return Buffer.from(text, 'latin1');
  },
};

/** Names as Python and editors spell them, beyond the labels WHATWG's decoder knows. */
const ALIASES: Record<string, string> = {
  utf8: 'utf-8',
  'utf-8-sig': 'utf-8',
  u8: 'utf-8',
  'utf-16-le': 'utf-16le',
  'utf-16-be': 'utf-16be',
  latin: 'iso-8859-1',
  latin1: 'iso-8859-1',
  'latin-1': 'iso-8859-1',
  l1: 'iso-8859-1',
  'iso-8859-1': 'iso-8859-1',
  iso88591: 'iso-8859-1',
  'iso8859-1': 'iso-8859-1',
  'iso-ir-100': 'iso-8859-1',
  cp819: 'iso-8859-1',
  ascii: 'us-ascii',
  'us-ascii': 'us-ascii',
  '646': 'us-ascii',
  'mac-roman': 'macintosh',
  macroman: 'macintosh',
  'mac-cyrillic': 'x-mac-cyrillic',
  maccyrillic: 'x-mac-cyrillic',
  cp866: 'ibm866',
  latin2: 'iso-8859-2',
  'latin-2': 'iso-8859-2',
  latin9: 'iso-8859-15',
  'latin-9': 'iso-8859-15',
};

/** Python-style spellings (cp1252, iso8859_15, koi8_r) as WHATWG labels. */
function label(name: string): string {
  const n = name.trim().toLowerCase().replace(/_/g, '-');
  if (ALIASES[n]) return ALIASES[n];
  const cp = /^(?:cp|windows-?)(\d{3,4})$/.exec(n);
  if (cp) return cp[1] === '866' ? 'ibm866' : `windows-${cp[1]}`;
  const iso = /^iso-?8859-?(\d{1,2})$/.exec(n);
  if (iso) return `iso-8859-${iso[1]}`;
  return n;
}

export type EncodingLookup = { encoding: string } | { problem: string };

/** The canonical name of an encoding this module reads and writes exactly, or why it cannot. */
export function encodingNamed(name: string): EncodingLookup {
  const wanted = label(name);
  if (['utf-8', 'utf-16le', 'utf-16be', 'iso-8859-1', 'us-ascii'].includes(wanted)) return { encoding: wanted };
  if (wanted === 'utf-16') return { encoding: 'utf-16le' };
  let canonical: string;
  try {
    canonical = new TextDecoder(wanted).encoding;
  } catch {
    return { problem: `${name} is not an encoding CodeMorph knows` };
  }
  if (canonical === 'utf-8' || canonical === 'utf-16le' || canonical === 'utf-16be') return { encoding: canonical };
  if (SINGLE_BYTE.has(canonical) && singleByte(canonical)) return { encoding: canonical };
  return { problem: `${name} is a multi-byte encoding that CodeMorph cannot write back byte for byte` };
}

const codecs = new Map<string, Codec>();

function codecOf(name: string): Codec {
  let codec = codecs.get(name);
  if (!codec) {
    codec =
      name === 'utf-8' ? utf8
      : name === 'utf-16le' ? utf16(false)
      : name === 'utf-16be' ? utf16(true)
      : name === 'iso-8859-1' ? latin1
      : name === 'us-ascii' ? ascii
      : singleByte(name);
    if (!codec) throw new Error(`no codec for ${name}`);
    codecs.set(name, codec);
  }
  return codec;
}

/** Whether the bytes begin with a UTF-8 or UTF-16 byte order mark. */
export function hasBom(bytes: Uint8Array): boolean {
  return Object.values(BOMS).some((bom) => startsWith(bytes, bom));
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

/** Where a byte offset is, for messages: its line (line breaks counted in the encoding's units). */
function located(bytes: Uint8Array, offset: number, codec: Codec, base: number): Undecodable {
  let line = 1;
  if (codec.unit === 2) {
    for (let i = base; i + 1 < offset; i += 2) if ((codec.bigEndian ? (bytes[i] << 8) | bytes[i + 1] : bytes[i] | (bytes[i + 1] << 8)) === 0x0a) line++;
  } else {
    for (let i = base; i < offset; i++) if (bytes[i] === 0x0a) line++;
  }
  return { offset, line, byte: bytes[offset] ?? 0 };
}

/** The text of bytes in `encoding` (its BOM, when it has one, taken off), or where they stop being that encoding. */
function decodeAs(bytes: Uint8Array, name: string, bomAllowed: boolean): Decoded {
  const codec = codecOf(name);
  const bom = BOMS[name];
  const hasBom = bomAllowed && bom !== undefined && startsWith(bytes, bom);
  const body = hasBom ? bytes.subarray(bom.length) : bytes;
  const result = codec.decode(body);
  const base = hasBom ? bom.length : 0;
  if (typeof result === 'number') return { problem: codec.name, at: located(bytes, result + base, codec, base) };
  return { text: result, encoding: { name, bom: hasBom } };
}

/** How a language's files name their encoding in their first lines (its profile's `codingDeclaration`). */
export type Declared = ((bytes: Uint8Array) => string | undefined) | null;

/**
 * A source file's text and how it is stored. `encoding` is what the user said the file is in;
 * without it: a BOM decides, then the encoding the file's first lines declare (`declared`, the
 * language's `codingDeclaration`), else UTF-8. `{ problem }` says
 * which encoding the bytes failed and, when known, where (`at`).
 */
export function decodeSource(bytes: Uint8Array, options: { encoding?: string; declared?: Declared } = {}): Decoded {
  if (options.encoding !== undefined) {
    const found = encodingNamed(options.encoding);
    if ('problem' in found) return found;
    return decodeAs(bytes, found.encoding, true);
  }
  for (const name of ['utf-8', 'utf-16le', 'utf-16be']) {
    if (startsWith(bytes, BOMS[name])) return decodeAs(bytes, name, true);
  }
  const declared = options.declared?.(bytes);
  if (declared !== undefined) {
    const found = encodingNamed(declared);
    if ('problem' in found) return { problem: `${found.problem} (the file's coding declaration)` };
    return decodeAs(bytes, found.encoding, false);
  }
  return decodeAs(bytes, 'utf-8', false);
}

/**
 * A file's text however it is stored, for files CodeMorph reads but the user did not name (the
 * project's other files, a test file): as `decodeSource` reads it, else as ISO-8859-1, where every
 * byte is one character, so an edit that only replaces ASCII words writes every other byte back.
 */
export function decodeAny(bytes: Uint8Array, declared: Declared = null): { text: string; encoding: FileEncoding } {
  const decoded = decodeSource(bytes, { declared });
  if ('text' in decoded) return decoded;
  return { text: latin1.decode(bytes) as string, encoding: { name: 'iso-8859-1', bom: false } };
}

export type Encoded = Buffer | { index: number; char: string };

/** The bytes of `text` in `encoding`, or the first character that encoding cannot hold. */
export function encodeText(text: string, encoding: FileEncoding): Encoded {
  const codec = codecOf(encoding.name);
  const result = codec.encode(text);
  if (typeof result === 'number') return { index: result, char: String.fromCodePoint(text.codePointAt(result)!) };
  if (!encoding.bom || !BOMS[encoding.name]) return result;
  return Buffer.concat([Buffer.from(BOMS[encoding.name]), result]);
}

/** Why `text` cannot be written in `encoding` ("line 3 would hold U+20AC '€', which ... cannot hold"), or null when it can. */
export function cannotHold(text: string, encoding: FileEncoding): string | null {
  // Unicode encodings hold every character but a lone surrogate: no need to encode the whole file each step
  const index = encoding.name.startsWith('utf-') ? loneSurrogate(text) : firstUnheld(text, encoding);
  if (index < 0) return null;
  const line = text.slice(0, index).split('\n').length;
  const char = String.fromCodePoint(text.codePointAt(index)!);
  return `line ${line} would hold ${describeChar(char)}, which the file's encoding (${describeEncoding(encoding)}) cannot hold`;
}

function firstUnheld(text: string, encoding: FileEncoding): number {
  const encoded = encodeText(text, encoding);
  return Buffer.isBuffer(encoded) ? -1 : encoded.index;
}

/** U+00E9 'é': how messages name a character. */
export function describeChar(char: string): string {
  const code = char.codePointAt(0)!;
  const shown = code < 0x20 || (code >= 0x7f && code < 0xa0) ? '' : ` '${char}'`;
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}${shown}`;
}

/** How messages and javac name an encoding (`utf-8 with BOM`). */
export function describeEncoding(encoding: FileEncoding): string {
  return encoding.bom ? `${encoding.name} with BOM` : encoding.name;
}

/**
 * How VS Code names an encoding (`TextDocument.encoding`, the `files.encoding` setting:
 * "utf8bom", "windows1252", "iso885915"), as the file's encoding, or why CodeMorph cannot write
 * that encoding back byte for byte. VS Code writes UTF-16 with a BOM and tells UTF-8 with one
 * apart ("utf8bom"); its other ids are Python-style spellings `encodingNamed` reads.
 */
export function editorEncoding(id: string): FileEncoding | { problem: string } {
  const known: Record<string, FileEncoding> = {
    utf8: UTF8,
    utf8bom: { name: 'utf-8', bom: true },
    utf16le: { name: 'utf-16le', bom: true },
    utf16be: { name: 'utf-16be', bom: true },
    koi8r: { name: 'koi8-r', bom: false },
    koi8u: { name: 'koi8-u', bom: false },
  };
  if (known[id]) return known[id];
  const found = encodingNamed(id);
  if ('problem' in found) return { problem: `the document's encoding (${id}) is one CodeMorph cannot write back byte for byte: reopen the file with another encoding or save it as UTF-8` };
  return { name: found.encoding, bom: false };
}
