'use strict';

/** Rates a password: a label and the list of rules it breaks. */
function ratePassword(password) {
  const problems = [];
  let lower = 0;
  let upper = 0;
  let digits = 0;
  let symbols = 0;
  for (let i = 0; i < password.length; i++) {
    const ch = password[i];
    if (ch >= 'a' && ch <= 'z') {
      lower++;
    } else if (ch >= 'A' && ch <= 'Z') {
      upper++;
    } else if (ch >= '0' && ch <= '9') {
      digits++;
    } else {
      symbols++;
    }
  }
  if (password.length < 8) {
    problems.push('too short');
  }
  if (lower === 0 || upper === 0) {
    problems.push('needs mixed case');
  }
  if (digits === 0 && symbols === 0) {
    problems.push('needs a digit or symbol');
  }
  let score = 4 - problems.length;
  if (password.length >= 14 && symbols > 0) {
    score += 1;
  }
  let label;
  switch (score) {
    case 5:
      label = 'excellent';
      break;
    case 4:
      label = 'strong';
      break;
    case 3:
      label = 'fair';
      break;
    default:
      label = 'weak';
  }
  return { label, problems };
}

let failures = 0;
function check(label, got, expected) {
  console.log(`${label} = ${JSON.stringify(got)}`);
  if (JSON.stringify(got) !== JSON.stringify(expected)) {
    console.log(`  MISMATCH: expected ${JSON.stringify(expected)}`);
    failures += 1;
  }
}

check('ratePassword("")', ratePassword(''), { label: 'weak', problems: ['too short', 'needs mixed case', 'needs a digit or symbol'] });
check('ratePassword("password")', ratePassword('password'), { label: 'weak', problems: ['needs mixed case', 'needs a digit or symbol'] });
check('ratePassword("Password")', ratePassword('Password'), { label: 'fair', problems: ['needs a digit or symbol'] });
check('ratePassword("Pass1")', ratePassword('Pass1'), { label: 'fair', problems: ['too short'] });
check('ratePassword("Passw0rd")', ratePassword('Passw0rd'), { label: 'strong', problems: [] });
check('ratePassword("correct-Horse-battery")', ratePassword('correct-Horse-battery'), { label: 'excellent', problems: [] });
check('ratePassword("ALLCAPS-AND-LONG-ENOUGH")', ratePassword('ALLCAPS-AND-LONG-ENOUGH'), { label: 'strong', problems: ['needs mixed case'] });
if (failures > 0) {
  process.exitCode = 1;
} else {
  console.log('all checks passed');
}
