/**
 * The links of a pager: the first and last page, the current page and two either side,
 * with "…" for gaps (a gap of one page shows that page instead). The current page is in brackets.
 */
function pageLinks(current: number, total: number): string[] {
  if (total <= 0) {
    return [];
  }
  const page = Math.min(Math.max(current, 1), total);
  const shown: number[] = [];
  for (let p = 1; p <= total; p++) {
    if (p === 1 || p === total || (p >= page - 2 && p <= page + 2)) {
      shown.push(p);
    }
  }
  const links: string[] = [];
  let previous = 0;
  for (const p of shown) {
    if (p - previous === 2) {
      links.push(String(previous + 1));
    } else if (p - previous > 2) {
      links.push('…');
    }
    links.push(p === page ? `[${p}]` : String(p));
    previous = p;
  }
  return links;
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

check('pageLinks(1, 0)', pageLinks(1, 0), []);
check('pageLinks(1, 1)', pageLinks(1, 1), ['[1]']);
check('pageLinks(2, 5)', pageLinks(2, 5), ['1', '[2]', '3', '4', '5']);
check('pageLinks(10, 20)', pageLinks(10, 20), ['1', '…', '8', '9', '[10]', '11', '12', '…', '20']);
check('pageLinks(4, 20)', pageLinks(4, 20), ['1', '2', '3', '[4]', '5', '6', '…', '20']);
check('pageLinks(5, 20)', pageLinks(5, 20), ['1', '2', '3', '4', '[5]', '6', '7', '…', '20']);
check('pageLinks(20, 20)', pageLinks(20, 20), ['1', '…', '18', '19', '[20]']);
check('pageLinks(99, 7)', pageLinks(99, 7), ['1', '…', '5', '6', '[7]']);
check('pageLinks(-3, 3)', pageLinks(-3, 3), ['[1]', '2', '3']);
if (failures > 0) {
  throw new Error(`${failures} checks failed`);
}
console.log('all checks passed');

export {};
