/** Origins of browser extensions (global.block_browser_extension_enabled refuses their relay calls). */
const EXTENSION_ORIGIN = /^(chrome|moz|safari-web|ms-browser)-extension:\/\//i;

/** Pure: whether the request's Origin header names a browser extension. */
export function fromBrowserExtension(origin: string | string[] | undefined): boolean {
  return typeof origin === 'string' && EXTENSION_ORIGIN.test(origin);
}
