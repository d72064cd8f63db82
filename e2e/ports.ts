/**
 * Where the browser tests' servers listen. `E2E_PORT` moves both (the short-token server one below it), so that two
 * runs on one machine (a developer's and CI's, or two helpers') do not meet on the same ports.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4599);
/** The second server, whose access tokens live 3 seconds, for the silent re-login tests. */
export const SHORT_TTL_PORT = E2E_PORT - 1;
/** The main server's origin, for cookies and direct API calls. */
export const ORIGIN = `http://localhost:${E2E_PORT}`;
