// Booking calendar: merges overlapping date ranges and finds the free gaps between bookings.

interface Interval {
  start: number;
  end: number;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Day number of an ISO date ("2024-03-01") counted from 2000-01-01. */
function dayNumber(isoDate: string): number {
  const [year, month, day] = isoDate.split('-').map(Number);
  if (year < 2000 || Number.isNaN(year)) {
    throw new Error(`year before 2000 in ${isoDate}`);
  } else if (month < 1 || month > 12 || day < 1 || day > 31) {
    throw new Error(`bad month or day in ${isoDate}`);
  }
  let days = 0;
  for (let y = 2000; y < year; y++) {
    days += isLeapYear(y) ? 366 : 365;
  }
  for (let m = 1; m < month; m++) {
    days += DAYS_IN_MONTH[m - 1];
    if (m === 2 && isLeapYear(year)) {
      days += 1;
    }
  }
  return days + day - 1;
}

/** Merges ranges that overlap, touch or leave at most `maxGap` free nights between them, sorted by start. */
function mergeIntervals(intervals: Interval[], maxGap: number): Interval[] {
  const sorted = intervals.filter((range) => range.end > range.start);
  sorted.sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Interval[] = [];
  let index = 0;
  while (index < sorted.length) {
    let current: Interval = { start: sorted[index].start, end: sorted[index].end };
    index++;
    while (index < sorted.length && sorted[index].start - current.end <= maxGap) {
      if (sorted[index].end > current.end) {
        current = { start: current.start, end: sorted[index].end };
      }
      index += 1;
    }
    merged.push(current);
  }
  return merged;
}

type FreeTime = { gaps: Interval[]; freeNights: number };

/** Free ranges inside [windowStart, windowEnd) at least `minNights` long, and how many nights they hold. */
function freeGaps(merged: Interval[], windowStart: number, windowEnd: number, minNights: number): FreeTime {
  const gaps: Interval[] = [];
  let freeNights = 0;
  let cursor = windowStart;
  for (let i = 0; i < merged.length; i++) {
    const booking = merged[i];
    if (booking.end <= windowStart || booking.start >= windowEnd) {
      continue;
    }
    if (booking.start - cursor >= minNights) {
      gaps.push({ start: cursor, end: booking.start });
      freeNights += booking.start - cursor;
    }
    cursor = Math.max(cursor, booking.end);
  }
  if (windowEnd - cursor >= minNights) {
    gaps.push({ start: cursor, end: windowEnd });
    freeNights = freeNights + (windowEnd - cursor);
  }
  return { gaps, freeNights };
}

function formatRanges(ranges: Interval[]): string {
  return ranges.map((range) => `${range.start}-${range.end}`).join(' ');
}

function main(): void {
  const bookings: Interval[] = [
    { start: dayNumber('2024-03-01'), end: dayNumber('2024-03-04') },
    { start: dayNumber('2024-02-27'), end: dayNumber('2024-03-02') },
    { start: dayNumber('2024-03-05'), end: dayNumber('2024-03-07') },
    { start: dayNumber('2024-03-07'), end: dayNumber('2024-03-08') },
    { start: dayNumber('2024-03-12'), end: dayNumber('2024-03-15') },
    { start: dayNumber('2024-03-13'), end: dayNumber('2024-03-13') },
  ];
  const checks: [string, string | number, string | number][] = [];
  checks.push(['day number', dayNumber('2024-03-01'), 8826]);
  checks.push(['leap years', [1900, 2000, 2023, 2024].map(isLeapYear).join(','), 'false,true,false,true']);
  const strict = mergeIntervals(bookings, 0);
  checks.push(['merged', formatRanges(strict), '8823-8829 8830-8833 8837-8840']);
  checks.push(['merged with gap 1', formatRanges(mergeIntervals(bookings, 1)), '8823-8833 8837-8840']);
  const windowStart = dayNumber('2024-02-25');
  const windowEnd = windowStart + 24;
  const free = freeGaps(strict, windowStart, windowEnd, 2);
  checks.push(['free gaps', formatRanges(free.gaps), '8821-8823 8833-8837 8840-8845']);
  checks.push(['free nights', free.freeNights, 11]);
  checks.push(['long gaps', formatRanges(freeGaps(strict, windowStart, windowEnd, 4).gaps), '8833-8837 8840-8845']);
  let failures = 0;
  for (const [label, actual, expected] of checks) {
    console.log(`${label}: ${actual}`);
    if (actual !== expected) {
      console.log(`MISMATCH in ${label}: expected ${expected}`);
      failures += 1;
    }
  }
  if (failures > 0) {
    throw new Error(`${failures} checks failed`);
  }
  console.log('all checks passed');
}

main();
