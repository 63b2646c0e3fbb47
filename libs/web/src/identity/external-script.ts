/**
 * Loads a third-party script once per page (Turnstile). The promise rejects when the script cannot be
 * loaded (no internet, blocked), so the caller can show a fallback instead of breaking the page; a
 * later call tries again.
 */
const pending = new Map<string, Promise<void>>();

export function loadScript(src: string): Promise<void> {
  const known = pending.get(src);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const el = document.createElement('script');
    el.src = src;
    el.async = true;
    el.onload = () => resolve();
    el.onerror = () => {
      el.remove();
      pending.delete(src);
      reject(new Error(`script ${src} did not load`));
    };
    document.head.appendChild(el);
  });
  pending.set(src, loading);
  return loading;
}
