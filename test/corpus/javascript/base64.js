'use strict';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64-encodes an array of bytes (RFC 4648, with padding). */
function encodeBase64(bytes) {
  let output = '';
  const fullGroups = bytes.length - (bytes.length % 3);
  for (let i = 0; i < fullGroups; i += 3) {
    const group = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    output += ALPHABET[(group >> 18) & 63];
    output += ALPHABET[(group >> 12) & 63];
    output += ALPHABET[(group >> 6) & 63];
    output += ALPHABET[group & 63];
  }
  switch (bytes.length % 3) {
    case 1: {
      const group = bytes[fullGroups] << 16;
      output += ALPHABET[(group >> 18) & 63] + ALPHABET[(group >> 12) & 63] + '==';
      break;
    }
    case 2: {
      const group = (bytes[fullGroups] << 16) | (bytes[fullGroups + 1] << 8);
      output += ALPHABET[(group >> 18) & 63] + ALPHABET[(group >> 12) & 63] + ALPHABET[(group >> 6) & 63] + '=';
      break;
    }
    default:
      break;
  }
  return output;
}

let failures = 0;
function check(label, got, expected) {
  console.log(`${label} = ${JSON.stringify(got)}`);
  if (JSON.stringify(got) !== JSON.stringify(expected)) {
    console.log(`  MISMATCH: expected ${JSON.stringify(expected)}`);
    failures += 1;
  }
}

function bytesOf(text) {
  const bytes = [];
  for (let i = 0; i < text.length; i++) {
    bytes.push(text.charCodeAt(i));
  }
  return bytes;
}

const cases = [
  ['', ''],
  ['f', 'Zg=='],
  ['fo', 'Zm8='],
  ['foo', 'Zm9v'],
  ['foob', 'Zm9vYg=='],
  ['foobar', 'Zm9vYmFy'],
  ['Man is', 'TWFuIGlz'],
];
for (const [text, expected] of cases) {
  check(`encodeBase64("${text}")`, encodeBase64(bytesOf(text)), expected);
}
check('encodeBase64([255, 254, 253, 0])', encodeBase64([255, 254, 253, 0]), '//79AA==');
if (failures > 0) {
  process.exitCode = 1;
} else {
  console.log('all checks passed');
}
