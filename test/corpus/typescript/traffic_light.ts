type Phase = 'red' | 'red-amber' | 'green' | 'amber' | 'flashing';

/** A traffic light controller with a pedestrian button and a fault counter. */
class TrafficLight {
  private phase: Phase = 'red';
  private elapsed = 0;
  private pedestrianWaiting = false;
  private faults = 0;

  requestCrossing(): void {
    this.pedestrianWaiting = true;
  }

  reportFault(): void {
    this.faults += 1;
  }

  /** Advances the controller by `seconds` and returns the phase shown afterwards. */
  tick(seconds: number): Phase {
    if (this.faults >= 3) {
      this.phase = 'flashing';
      return this.phase;
    }
    this.elapsed += seconds;
    const before = this.phase;
    switch (this.phase) {
      case 'red':
        if (this.elapsed >= 30) {
          this.phase = 'red-amber';
        }
        break;
      case 'red-amber':
        if (this.elapsed >= 2) {
          this.phase = 'green';
        }
        break;
      case 'green':
        if (this.elapsed >= 45 || (this.pedestrianWaiting && this.elapsed >= 10)) {
          this.phase = 'amber';
          this.pedestrianWaiting = false;
        }
        break;
      case 'amber':
        if (this.elapsed >= 3) {
          this.phase = 'red';
        }
        break;
      case 'flashing':
        break;
    }
    if (this.phase !== before) {
      this.elapsed = 0;
    }
    return this.phase;
  }
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

const light = new TrafficLight();
check('tick(10)', light.tick(10), 'red');
check('tick(20)', light.tick(20), 'red-amber');
check('tick(1)', light.tick(1), 'red-amber');
check('tick(1)', light.tick(1), 'green');
check('tick(9)', light.tick(9), 'green');
light.requestCrossing();
check('tick(0) after button', light.tick(0), 'green');
check('tick(1) after button', light.tick(1), 'amber');
check('tick(3)', light.tick(3), 'red');
check('tick(32)', light.tick(32), 'red-amber');
check('tick(2)', light.tick(2), 'green');
check('tick(44)', light.tick(44), 'green');
check('tick(1)', light.tick(1), 'amber');
light.reportFault();
light.reportFault();
check('tick(1) with two faults', light.tick(1), 'amber');
light.reportFault();
check('tick(1) with three faults', light.tick(1), 'flashing');
if (failures > 0) {
  throw new Error(`${failures} checks failed`);
}
console.log('all checks passed');

export {};
