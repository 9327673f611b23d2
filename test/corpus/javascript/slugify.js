'use strict';

/** Turns a title into a URL slug: lower case ASCII letters and digits joined by single dashes. */
function slugify(title, maxLength) {
  let slug = '';
  let pendingDash = false;
  for (let i = 0; i < title.length; i++) {
    const ch = title[i].toLowerCase();
    if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) {
      if (pendingDash && slug.length > 0) {
        slug += '-';
      }
      slug += ch;
      pendingDash = false;
    } else if (ch === '&') {
      slug += slug.length > 0 ? '-and' : 'and';
      pendingDash = true;
    } else if (ch === "'") {
      continue;
    } else {
      pendingDash = true;
    }
    if (slug.length >= maxLength) {
      break;
    }
  }
  if (slug.length > maxLength) {
    slug = slug.slice(0, maxLength);
  }
  while (slug.endsWith('-')) {
    slug = slug.slice(0, -1);
  }
  return slug;
}

let failures = 0;
function check(label, got, expected) {
  console.log(`${label} = ${JSON.stringify(got)}`);
  if (JSON.stringify(got) !== JSON.stringify(expected)) {
    console.log(`  MISMATCH: expected ${JSON.stringify(expected)}`);
    failures += 1;
  }
}

check('slugify("Hello, World!")', slugify('Hello, World!', 50), 'hello-world');
check('slugify("  Rock & Roll  ")', slugify('  Rock & Roll  ', 50), 'rock-and-roll');
check('slugify("Don\'t Panic")', slugify("Don't Panic", 50), 'dont-panic');
check('slugify("")', slugify('', 50), '');
check('slugify("!!!")', slugify('!!!', 50), '');
check('slugify("Top 10 Tips -- 2024 edition")', slugify('Top 10 Tips -- 2024 edition', 50), 'top-10-tips-2024-edition');
check('slugify("A very long title indeed", 12)', slugify('A very long title indeed', 12), 'a-very-long');
check('slugify("Crème brûlée")', slugify('Crème brûlée', 50), 'cr-me-br-l-e');
if (failures > 0) {
  process.exitCode = 1;
} else {
  console.log('all checks passed');
}
