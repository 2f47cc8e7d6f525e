/**
 * Start-up warnings (README, configuration): a production start without withdrawal thresholds for
 * verification says so at once, naming the setting; a start with them, or outside production, is
 * quiet. main.ts logs each at `warn`.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { parseEnv, startupWarnings } from './env.ts';

const parse = (env: Record<string, string>) => parseEnv({ DATA_DIR: os.tmpdir(), ...env }, { secret: false });

describe('startupWarnings', () => {
  it('warns a production start that KYC_WITHDRAWAL_THRESHOLDS is empty', () => {
    const warnings = startupWarnings(parse({ NODE_ENV: 'production' }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^KYC_WITHDRAWAL_THRESHOLDS is empty: withdrawals never ask for verification/);
  });

  it('is quiet with thresholds set, and outside production', () => {
    expect(startupWarnings(parse({ NODE_ENV: 'production', KYC_WITHDRAWAL_THRESHOLDS: 'EUR:200000' }))).toEqual([]);
    expect(startupWarnings(parse({ NODE_ENV: 'development' }))).toEqual([]);
    expect(startupWarnings(parse({ NODE_ENV: 'test' }))).toEqual([]);
  });
});
