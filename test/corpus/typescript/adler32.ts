/** Adler-32 checksum (as in zlib) of a byte array. */
function adler32(bytes: readonly number[]): number {
  const MOD = 65521;
  let a = 1;
  let b = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte < 0 || byte > 0xff) {
      throw new RangeError(`not a byte at ${i}: ${byte}`);
    }
    a += byte;
    if (a >= MOD) {
      a -= MOD;
    }
    b += a;
    if (b >= MOD) {
      b -= MOD;
    }
  }
  return ((b << 16) | a) >>> 0;
}

let failures = 0;
function check<T>(label: string, got: T, expected: T): void {
  const text = JSON.stringify(got);
  console.log(`${label} = ${text}`);
  if (text !== JSON.stringify(expected)) {
    console.log(`  MISMATCH: expected ${JSON.stringify(expected)}`);
    failures += 1;
  }
}

function bytesOf(text: string): number[] {
  return Array.from(text, (ch) => ch.charCodeAt(0));
}

function hex(value: number): string {
  return '0x' + value.toString(16).padStart(8, '0');
}

check('adler32("")', hex(adler32([])), '0x00000001');
check('adler32("a")', hex(adler32(bytesOf('a'))), '0x00620062');
check('adler32("abc")', hex(adler32(bytesOf('abc'))), '0x024d0127');
check('adler32("Wikipedia")', hex(adler32(bytesOf('Wikipedia'))), '0x11e60398');
check('adler32(fox)', hex(adler32(bytesOf('The quick brown fox jumps over the lazy dog'))), '0x5bdc0fda');
check('adler32(6000 x 0xff)', hex(adler32(new Array<number>(6000).fill(0xff))), '0xa49759ea');
let error = '';
try {
  adler32([1, 256]);
} catch (e) {
  error = (e as Error).message;
}
check('adler32([1, 256]) throws', error, 'not a byte at 1: 256');
if (failures > 0) {
  throw new Error(`${failures} checks failed`);
}
console.log('all checks passed');

export {};
