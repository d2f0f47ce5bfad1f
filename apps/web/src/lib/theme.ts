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

/** Follows the system's setting while the choice is "system". */
export function followSystemTheme(): () => void {
  const media = window.matchMedia(DARK_QUERY);
  const onChange = () => {
    if (storedTheme() === 'system') applyTheme('system');
  };
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** Whether the page is dark now (the class on <html>), for what draws its own colours. */
export function isDarkNow(): boolean {
  return document.documentElement.classList.contains('dark');
}

/** Calls back whenever the theme's class on <html> changes. */
export function onThemeChange(callback: () => void): () => void {
  const observer = new MutationObserver(callback);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
