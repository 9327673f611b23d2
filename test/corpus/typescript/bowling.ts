/** Scores a complete ten-pin bowling game from its rolls; null when the rolls are invalid or incomplete. */
function bowlingScore(rolls: readonly number[]): number | null {
  for (const pins of rolls) {
    if (!Number.isInteger(pins) || pins < 0 || pins > 10) {
      return null;
    }
  }
  let score = 0;
  let roll = 0;
  for (let frame = 1; frame <= 10; frame++) {
    if (roll >= rolls.length) {
      return null;
    }
    if (rolls[roll] === 10) {
      if (roll + 2 >= rolls.length) {
        return null;
      }
      score += 10 + rolls[roll + 1] + rolls[roll + 2];
      roll += 1;
      continue;
    }
    if (roll + 1 >= rolls.length) {
      return null;
    }
    const frameTotal = rolls[roll] + rolls[roll + 1];
    if (frameTotal > 10) {
      return null;
    } else if (frameTotal === 10) {
      if (roll + 2 >= rolls.length) {
        return null;
      }
      score += 10 + rolls[roll + 2];
    } else {
      score += frameTotal;
    }
    roll += 2;
  }
  return score;
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

const repeat = (pins: number, times: number): number[] => new Array<number>(times).fill(pins);
check('gutter game', bowlingScore(repeat(0, 20)), 0);
check('all ones', bowlingScore(repeat(1, 20)), 20);
check('perfect game', bowlingScore(repeat(10, 12)), 300);
check('all spares', bowlingScore(repeat(5, 21)), 150);
check('nine-zero frames', bowlingScore([9, 0, 9, 0, 9, 0, 9, 0, 9, 0, 9, 0, 9, 0, 9, 0, 9, 0, 9, 0]), 90);
check('sample game', bowlingScore([10, 7, 3, 9, 0, 10, 0, 8, 8, 2, 0, 6, 10, 10, 10, 8, 1]), 167);
check('incomplete', bowlingScore([10, 10]), null);
check('missing bonus', bowlingScore([...repeat(0, 18), 5, 5]), null);
check('too many pins', bowlingScore([7, 5, ...repeat(0, 18)]), null);
check('negative pins', bowlingScore([-1, ...repeat(0, 19)]), null);
if (failures > 0) {
  throw new Error(`${failures} checks failed`);
}
console.log('all checks passed');

export {};
