'use strict';

/** Describes an HTTP status code: its class and whether a client should retry. */
function describeStatus(code) {
  if (!Number.isInteger(code) || code < 100 || code > 599) {
    return 'invalid';
  }
  let text;
  switch (code) {
    case 200:
      text = 'OK';
      break;
    case 201:
      text = 'Created';
      break;
    case 204:
      text = 'No Content';
      break;
    case 301:
    case 308:
      text = 'Moved Permanently';
      break;
    case 404:
      text = 'Not Found';
      break;
    case 429:
      text = 'Too Many Requests';
      break;
    case 503:
      text = 'Service Unavailable';
      break;
    default:
      text = '';
  }
  let kind;
  if (code < 200) {
    kind = 'informational';
  } else if (code < 300) {
    kind = 'success';
  } else if (code < 400) {
    kind = 'redirect';
  } else if (code < 500) {
    kind = 'client error';
  } else {
    kind = 'server error';
  }
  const retry = code === 429 || (code >= 500 && code !== 501);
  return `${code}${text ? ' ' + text : ''} (${kind}${retry ? ', retry' : ''})`;
}

let failures = 0;
function check(label, got, expected) {
  console.log(`${label} = ${JSON.stringify(got)}`);
  if (JSON.stringify(got) !== JSON.stringify(expected)) {
    console.log(`  MISMATCH: expected ${JSON.stringify(expected)}`);
    failures += 1;
  }
}

const cases = [
  [200, '200 OK (success)'],
  [204, '204 No Content (success)'],
  [308, '308 Moved Permanently (redirect)'],
  [404, '404 Not Found (client error)'],
  [429, '429 Too Many Requests (client error, retry)'],
  [501, '501 (server error)'],
  [503, '503 Service Unavailable (server error, retry)'],
  [102, '102 (informational)'],
  [99, 'invalid'],
  [200.5, 'invalid'],
];
for (const [code, expected] of cases) {
  check(`describeStatus(${code})`, describeStatus(code), expected);
}
if (failures > 0) {
  process.exitCode = 1;
} else {
  console.log('all checks passed');
}
