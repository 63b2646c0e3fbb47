/**
 * Navigation outside React (the API client's 401 handler). The shell registers the router's navigate
 * function; a remote running standalone falls back to a full page load.
 */
type Navigator = (to: string) => void;

let current: Navigator | null = null;

export function setNavigator(fn: Navigator | null): void {
  current = fn;
}

export function navigate(to: string): void {
  if (current) current(to);
  else window.location.assign(to);
}
