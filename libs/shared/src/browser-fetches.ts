/**
 * Addresses outside the gateway that the console itself fetches from the browser. The server lists
 * their origins in the console's Content-Security-Policy (connect-src), so they live here, once.
 */

/** The update check (system settings → system info) reads the latest release from here. */
export const RELEASES_URL = 'https://api.github.com/repos/QuantumNous/new-api/releases/latest';
