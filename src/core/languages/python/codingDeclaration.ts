/**
 * PEP 263: `coding[:=]name` in a comment on the first line, or on the second when the first is
 * a comment or blank too. Read from the bytes, which are ASCII there in every encoding Python takes.
 */
export function codingDeclaration(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString('latin1');
  const lines = head.split(/\r\n|\r|\n/).slice(0, 2);
  for (const line of lines) {
    const m = /^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)/.exec(line);
    if (m) return m[1];
    if (!/^[ \t\f]*(?:#.*)?$/.test(line)) return undefined;
  }
  return undefined;
}
