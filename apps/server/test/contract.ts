/**
 * `expectContract(schema, body)`: a server test's check that an answer is exactly what the shared
 * contract says (docs/contract.md). Response schemas are strict where the shape is fixed, so a
 * missing, renamed or extra field fails here before a client notices. Returns the parsed body,
 * typed, so the test can go on reading it.
 */
import { z } from 'zod';

export function expectContract<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const shown = JSON.stringify(body, null, 2) ?? String(body);
  throw new Error(
    `The answer breaks its contract:\n${z.prettifyError(result.error)}\n\nBody:\n${shown.length > 4000 ? `${shown.slice(0, 4000)}…` : shown}`,
  );
}
