/**
 * Operator calls that are not a module's own (docs/jobs.md): the state of the leased jobs.
 */
import { z } from 'zod';

/** One job of the scheduler, as pg-boss's tables record its runs. */
export const JobStatusSchema = z.strictObject({
  name: z.string(),
  everySeconds: z.number().nonnegative(),
  /** Runs still on record per pg-boss state (created, retry, active, completed, failed, cancelled). */
  states: z.record(z.string(), z.number().int().nonnegative()),
  lastCompletedAt: z.string().nullable(),
  lastFailedAt: z.string().nullable(),
});

export const AdminJobsResponseSchema = z.strictObject({
  /** False until this instance's scheduler started (tests and a starting server). */
  running: z.boolean(),
  jobs: z.array(JobStatusSchema),
});
export type AdminJobsResponse = z.infer<typeof AdminJobsResponseSchema>;

/** `POST /api/admin/clock` (only with CLOCK_SHIFT=true): moves the server's clock forward. */
export const AdminClockRequestSchema = z.strictObject({
  advance_seconds: z
    .number()
    .int()
    .positive()
    .max(366 * 86_400),
});
export const AdminClockResponseSchema = z.strictObject({
  now: z.string(),
  /** How far this instance's clock is ahead of the real one. */
  offset_seconds: z.number(),
});
export type AdminClockResponse = z.infer<typeof AdminClockResponseSchema>;
