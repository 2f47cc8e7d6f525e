/** Operator API token of the casino the browser stories start (test-only, never a real secret). */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123456789';
