// Before the app's own scripts: the dark theme's class on <html>, so a dark page never flashes
// white. The same rule as src/lib/theme.ts (which the app uses from then on).
try {
  const choice = localStorage.getItem('crewdesk.theme') || 'system';
  const dark =
    choice === 'dark' ||
    (choice === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  if (dark) document.documentElement.classList.add('dark');
} catch {
  // No storage: the system's light or dark applies through CSS alone.
}
