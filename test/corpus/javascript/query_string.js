'use strict';

/**
 * Parses a URL query string into an object. Repeated keys collect their values in an
 * array, `+` means a space, and a key without `=` gets the empty string.
 */
function parseQueryString(query) {
  const result = {};
  if (query.startsWith('?')) {
    query = query.slice(1);
  }
  if (query === '') {
    return result;
  }
  for (const pair of query.split('&')) {
    if (pair === '') {
      continue;
    }
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    if (!Object.prototype.hasOwnProperty.call(result, key)) {
      result[key] = value;
    } else if (Array.isArray(result[key])) {
      result[key].push(value);
    } else {
      result[key] = [result[key], value];
    }
  }
  return result;
}

let failures = 0;
function check(label, got, expected) {
  console.log(`${label} = ${JSON.stringify(got)}`);
  if (JSON.stringify(got) !== JSON.stringify(expected)) {
    console.log(`  MISMATCH: expected ${JSON.stringify(expected)}`);
    failures += 1;
  }
}

check('parseQueryString("")', parseQueryString(''), {});
check('parseQueryString("?")', parseQueryString('?'), {});
check('parseQueryString("?a=1&b=2")', parseQueryString('?a=1&b=2'), { a: '1', b: '2' });
check('parseQueryString("tag=x&tag=y&tag=z")', parseQueryString('tag=x&tag=y&tag=z'), { tag: ['x', 'y', 'z'] });
check('parseQueryString("q=hello+world&lang=en%2DGB")', parseQueryString('q=hello+world&lang=en%2DGB'), { q: 'hello world', lang: 'en-GB' });
check('parseQueryString("flag&&x=")', parseQueryString('flag&&x='), { flag: '', x: '' });
check('parseQueryString("eq=a=b")', parseQueryString('eq=a=b'), { eq: 'a=b' });
check('parseQueryString("constructor=1")', parseQueryString('constructor=1'), { constructor: '1' });
if (failures > 0) {
  process.exitCode = 1;
} else {
  console.log('all checks passed');
}
