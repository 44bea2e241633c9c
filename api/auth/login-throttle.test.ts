import { describe, expect, it } from 'vitest';
import { delaySeconds, FIRST_DELAY_SECONDS, MAX_DELAY_SECONDS } from './login-throttle';

describe('the log-in wait', () => {
  it('costs nothing below the bar, then doubles from a minute up to an hour', () => {
    expect(delaySeconds(9, 10)).toBe(0);
    expect([10, 11, 12, 13].map((failures) => delaySeconds(failures, 10))).toEqual([60, 120, 240, 480]);
    expect(FIRST_DELAY_SECONDS).toBe(60);
    expect(delaySeconds(16, 10)).toBe(MAX_DELAY_SECONDS);
    expect(delaySeconds(10_000, 10)).toBe(MAX_DELAY_SECONDS);
  });
});
