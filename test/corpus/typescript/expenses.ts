interface Expense {
  category: string;
  cents: number;
}

/**
 * Totals expenses per category (case-insensitive, blank means "uncategorised") and
 * compares each total with its budget; one report line per category, sorted.
 */
function budgetReport(expenses: readonly Expense[], budgets: Readonly<Record<string, number>>): string[] {
  const totals = new Map<string, number>();
  for (const expense of expenses) {
    if (expense.cents <= 0) {
      continue;
    }
    const key = expense.category.trim().toLowerCase() || 'uncategorised';
    totals.set(key, (totals.get(key) ?? 0) + expense.cents);
  }
  const report: string[] = [];
  for (const category of [...totals.keys()].sort()) {
    const spent = totals.get(category) ?? 0;
    const budget = budgets[category];
    let status: string;
    if (budget === undefined) {
      status = 'no budget';
    } else if (spent > budget) {
      status = `over by ${spent - budget}`;
    } else if (spent * 10 >= budget * 9) {
      status = 'near limit';
    } else {
      status = 'ok';
    }
    report.push(`${category}: ${spent} (${status})`);
  }
  return report;
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

const budgets: Record<string, number> = { food: 30000, rent: 120000, travel: 10000 };
check('budgetReport([])', budgetReport([], budgets), []);
check('budgetReport(month)', budgetReport([
  { category: 'Food', cents: 12000 },
  { category: 'food ', cents: 15500 },
  { category: 'rent', cents: 120000 },
  { category: 'Travel', cents: 10001 },
  { category: 'books', cents: 2500 },
], budgets), ['books: 2500 (no budget)', 'food: 27500 (near limit)', 'rent: 120000 (near limit)', 'travel: 10001 (over by 1)']);
check('budgetReport(refunds skipped)', budgetReport([
  { category: 'food', cents: 5000 },
  { category: 'food', cents: -2000 },
  { category: 'food', cents: 0 },
], budgets), ['food: 5000 (ok)']);
check('budgetReport(blank category)', budgetReport([
  { category: '  ', cents: 700 },
  { category: '', cents: 300 },
], budgets), ['uncategorised: 1000 (no budget)']);
check('budgetReport(no budgets)', budgetReport([{ category: 'rent', cents: 1 }], {}), ['rent: 1 (no budget)']);
if (failures > 0) {
  throw new Error(`${failures} checks failed`);
}
console.log('all checks passed');

export {};
