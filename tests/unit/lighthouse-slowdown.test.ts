/**
 * The Lighthouse gate's CPU slowdown (scripts/lighthouse/slowdown.mjs): a page's simulated tasks
 * must come out the same whether the machine was quiet or busy when Lighthouse measured it, and a
 * real long task must still count on the busiest machine the gate judges.
 */
import { describe, expect, it } from 'vitest';
import {
  cpuSlowdownFor,
  TARGET_BENCHMARK_INDEX,
  tooBusyToMeasure,
} from '../../scripts/lighthouse/slowdown.mjs';

/** What Lighthouse's simulation makes of a task: its observed wall time times the slowdown. */
const simulated = (observedMs: number, benchmarkIndex: number) =>
  observedMs * cpuSlowdownFor(benchmarkIndex);

describe('the calibrated CPU slowdown', () => {
  const quietIndex = 2800; // this CI machine, quiet
  const quietTaskMs = 30; // the home page's longest task, quiet

  it('is the 4× the gate always ran at on the quiet CI machine', () => {
    expect(cpuSlowdownFor(quietIndex)).toBeCloseTo(4, 1);
  });

  it('gives the same simulated task whatever share of the CPU the page got', () => {
    for (const share of [1, 0.5, 0.25]) {
      // Other work takes the rest: the task stretches, the benchmark index falls alike.
      const busy = simulated(quietTaskMs / share, quietIndex * share);
      expect(busy).toBeCloseTo(simulated(quietTaskMs, quietIndex), 6);
    }
  });

  it('judges no run measured below half the emulated phone, and catches a 150 ms task above', () => {
    const floor = TARGET_BENCHMARK_INDEX / 2;
    expect(tooBusyToMeasure(floor - 1)).toBe(true);
    expect(tooBusyToMeasure(floor)).toBe(false);
    // A task counts as blocking for what it lasts beyond 50 ms.
    expect(simulated(150, floor) - 50).toBeGreaterThan(0);
  });
});
