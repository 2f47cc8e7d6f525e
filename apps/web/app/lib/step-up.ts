import { REAUTH_REQUIRED, type StepUpBody, type StepUpRequest } from '@croupier/shared/api/auth';
import { ApiError, type ApiClient } from './api-client';

/**
 * Step-up (decision 015): a sensitive call answers 403 `reauth_required` when the player has not
 * proven it is them in the last minutes. The shared dialog (components/step-up) asks, posts the
 * step-up and retries the call once.
 */
export function isStepUpRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.code === REAUTH_REQUIRED;
}

/** Whether the server asks for the authenticator code too (two-factor is on). */
export function stepUpNeedsCode(error: ApiError): boolean {
  return (error.body as { two_factor?: unknown } | null)?.two_factor === true;
}

/** The player closed the dialog: the sensitive call was not made again, nothing changed. */
export class StepUpCancelled extends Error {
  constructor() {
    super('Step-up cancelled');
    this.name = 'StepUpCancelled';
  }
}

/** POST /api/auth/step_up. A wrong password or code is a 422 with field errors, never a 401. */
export const postStepUp = (api: ApiClient, user: StepUpRequest['user']) =>
  api.post<StepUpBody>('/api/auth/step_up', { user });
