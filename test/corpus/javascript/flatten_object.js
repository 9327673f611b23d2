'use strict';

/**
 * Flattens nested objects and arrays into one object with dotted keys:
 * {a: {b: 1, c: [2]}} becomes {'a.b': 1, 'a.c.0': 2}. Empty containers are kept as leaves.
 */
function flattenObject(value, prefix = '', out = {}) {
  if (value === null || typeof value !== 'object') {
    out[prefix] = value;
    return out;
  }
  const isArray = Array.isArray(value);
  const keys = isArray ? value.map((_, index) => String(index)) : Object.keys(value);
  if (keys.length === 0) {
    out[prefix] = isArray ? [] : {};
    return out;
  }
  for (const key of keys) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    flattenObject(value[key], path, out);
  }
  return out;
}

let failures = 0;
function check(label, got, expected) {
  console.log(`${label} = ${JSON.stringify(got)}`);
  if (JSON.stringify(got) !== JSON.stringify(expected)) {
    console.log(`  MISMATCH: expected ${JSON.stringify(expected)}`);
    failures += 1;
  }
}

check('flattenObject({})', flattenObject({}), { '': {} });
check('flattenObject({a: 1})', flattenObject({ a: 1 }), { a: 1 });
check('flattenObject(nested)', flattenObject({ a: { b: 1, c: { d: 'x' } }, e: true }), { 'a.b': 1, 'a.c.d': 'x', e: true });
check('flattenObject(arrays)', flattenObject({ list: [10, [20, 30]], tags: [] }), { 'list.0': 10, 'list.1.0': 20, 'list.1.1': 30, tags: [] });
check('flattenObject(nulls)', flattenObject({ a: null, b: { c: null } }), { a: null, 'b.c': null });
check('flattenObject(42)', flattenObject(42), { '': 42 });
check('flattenObject(config, "app")', flattenObject({ port: 80, hosts: ['a', 'b'] }, 'app'), { 'app.port': 80, 'app.hosts.0': 'a', 'app.hosts.1': 'b' });
if (failures > 0) {
  process.exitCode = 1;
} else {
  console.log('all checks passed');
}
