// Before the app's own scripts: the dark theme's class on <html>, so a dark page never flashes
// white, and kept in step with the system while the choice is "system". The same rule as
// src/lib/theme.ts, which applies a choice made in the user menu.
const darkSystem = window.matchMedia('(prefers-color-scheme: dark)');

function applyStoredTheme() {
  let choice = 'system';
  try {
    choice = localStorage.getItem('crewdesk.theme') || 'system';
  } catch {
    // No storage: the system decides.
  }
  const dark = choice === 'dark' || (choice === 'system' && darkSystem.matches);
  document.documentElement.classList.toggle('dark', dark);
}

applyStoredTheme();
darkSystem.addEventListener('change', applyStoredTheme);
