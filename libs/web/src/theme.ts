export type ThemeMode = 'light' | 'dark';
export const THEME_KEY = 'theme-mode';

export function storedTheme(): ThemeMode {
  try {
    return localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/** Arco's dark palette is switched by `body[arco-theme=dark]`. */
export function applyTheme(mode: ThemeMode): void {
  if (mode === 'dark') document.body.setAttribute('arco-theme', 'dark');
  else document.body.removeAttribute('arco-theme');
}

export function setTheme(mode: ThemeMode): void {
  localStorage.setItem(THEME_KEY, mode);
  applyTheme(mode);
}
