import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function storedTheme(): Theme {
  const stored = readStorage(STORAGE_KEYS.theme);
  return (THEMES as readonly string[]).includes(stored ?? '') ? (stored as Theme) : 'system';
}

/**
 * Puts the `dark` class on <html> for a dark choice, or for "system" when the system is dark.
 * public/theme.js does the same before the app loads, so a dark page never flashes white.
 */
export function applyTheme(theme: Theme): void {
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia(DARK_QUERY).matches);
  document.documentElement.classList.toggle('dark', dark);
}

export function chooseTheme(theme: Theme): void {
  writeStorage(STORAGE_KEYS.theme, theme);
  applyTheme(theme);
}
