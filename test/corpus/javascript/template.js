'use strict';

/**
 * Fills `{{name}}` placeholders from `values`; `{{name|default}}` gives a fallback.
 * Throws on an unterminated placeholder or a missing value without a fallback.
 */
function renderTemplate(template, values) {
  let output = '';
  let position = 0;
  while (position < template.length) {
    const open = template.indexOf('{{', position);
    if (open === -1) {
      output += template.slice(position);
      break;
    }
    const close = template.indexOf('}}', open + 2);
    if (close === -1) {
      throw new Error(`unterminated placeholder at ${open}`);
    }
    output += template.slice(position, open);
    const inner = template.slice(open + 2, close);
    const bar = inner.indexOf('|');
    const name = (bar === -1 ? inner : inner.slice(0, bar)).trim();
    if (values[name] !== undefined && values[name] !== null) {
      output += String(values[name]);
    } else if (bar !== -1) {
      output += inner.slice(bar + 1);
    } else {
      throw new Error(`no value for ${name}`);
    }
    position = close + 2;
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

function attempt(template, values) {
  try {
    return renderTemplate(template, values);
  } catch (error) {
    return `error: ${error.message}`;
  }
}

check('render(no placeholders)', attempt('plain text', {}), 'plain text');
check('render("")', attempt('', {}), '');
check('render(greeting)', attempt('Hello, {{ name }}!', { name: 'Ada' }), 'Hello, Ada!');
check('render(two values)', attempt('{{a}}+{{b}}={{sum}}', { a: 1, b: 2, sum: 3 }), '1+2=3');
check('render(default used)', attempt('Hi {{user|guest}}', {}), 'Hi guest');
check('render(default unused)', attempt('Hi {{user|guest}}', { user: 'bob' }), 'Hi bob');
check('render(zero value)', attempt('{{n}} items', { n: 0 }), '0 items');
check('render(missing)', attempt('Dear {{title}} {{name}}', { name: 'X' }), 'error: no value for title');
check('render(unterminated)', attempt('ok {{oops', {}), 'error: unterminated placeholder at 3');
if (failures > 0) {
  process.exitCode = 1;
} else {
  console.log('all checks passed');
}
