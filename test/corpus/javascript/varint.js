'use strict';

/** Decodes a byte array holding unsigned LEB128 varints (as in protobuf) into numbers. */
function decodeVarints(bytes) {
  const values = [];
  let index = 0;
  while (index < bytes.length) {
    let value = 0;
    let shift = 0;
    let byte;
    do {
      if (index >= bytes.length) {
        throw new Error('truncated varint');
      }
      if (shift > 42) {
        throw new Error(`varint too long at ${index}`);
      }
      byte = bytes[index];
      index += 1;
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while ((byte & 0x80) !== 0);
    values.push(value);
  }
  return values;
}

let failures = 0;
function check(label, got, expected) {
  console.log(`${label} = ${JSON.stringify(got)}`);
  if (JSON.stringify(got) !== JSON.stringify(expected)) {
    console.log(`  MISMATCH: expected ${JSON.stringify(expected)}`);
    failures += 1;
  }
}

function attempt(bytes) {
  try {
    return decodeVarints(bytes);
  } catch (error) {
    return `error: ${error.message}`;
  }
}

check('decodeVarints([])', attempt([]), []);
check('decodeVarints([0x00])', attempt([0x00]), [0]);
check('decodeVarints([0x7f])', attempt([0x7f]), [127]);
check('decodeVarints([0x80, 0x01])', attempt([0x80, 0x01]), [128]);
check('decodeVarints([0x96, 0x01, 0xac, 0x02, 0x05])', attempt([0x96, 0x01, 0xac, 0x02, 0x05]), [150, 300, 5]);
check('decodeVarints(2^35)', attempt([0x80, 0x80, 0x80, 0x80, 0x80, 0x01]), [34359738368]);
check('decodeVarints(truncated)', attempt([0x05, 0x96]), 'error: truncated varint');
check('decodeVarints(too long)', attempt([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]), 'error: varint too long at 7');
if (failures > 0) {
  process.exitCode = 1;
} else {
  console.log('all checks passed');
}
