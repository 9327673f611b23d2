interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** Parses CSS hex colours (#rgb, #rgba, #rrggbb, #rrggbbaa); null when malformed. Alpha is 0-1. */
function parseHexColor(input: string): Rgba | null {
  let hex = input.trim().toLowerCase();
  if (hex.startsWith('#')) {
    hex = hex.slice(1);
  }
  if (!/^[0-9a-f]*$/.test(hex)) {
    return null;
  }
  switch (hex.length) {
    case 3:
    case 4:
      hex = hex
        .split('')
        .map((digit) => digit + digit)
        .join('');
      break;
    case 6:
    case 8:
      break;
    default:
      return null;
  }
  const packed = parseInt(hex.slice(0, 6), 16);
  const alpha = hex.length === 8 ? parseInt(hex.slice(6), 16) : 255;
  return {
    r: (packed >> 16) & 0xff,
    g: (packed >> 8) & 0xff,
    b: packed & 0xff,
    a: Math.round((alpha / 255) * 100) / 100,
  };
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

const cases: Array<[string, Rgba | null]> = [
  ['#ff8000', { r: 255, g: 128, b: 0, a: 1 }],
  ['#FFF', { r: 255, g: 255, b: 255, a: 1 }],
  ['0a0b0c', { r: 10, g: 11, b: 12, a: 1 }],
  ['#1234', { r: 17, g: 34, b: 51, a: 0.27 }],
  ['#00000080', { r: 0, g: 0, b: 0, a: 0.5 }],
  ['  #abc  ', { r: 170, g: 187, b: 204, a: 1 }],
  ['#12345', null],
  ['#ggg', null],
  ['', null],
];
for (const [input, expected] of cases) {
  check(`parseHexColor(${JSON.stringify(input)})`, parseHexColor(input), expected);
}
if (failures > 0) {
  throw new Error(`${failures} checks failed`);
}
console.log('all checks passed');

export {};
