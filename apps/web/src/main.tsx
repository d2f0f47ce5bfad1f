import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, appRouter } from './app/app';
import { adoptFirstPaint } from './lib/first-paint';
import { preloadPage } from './app/lazy-page';
import { buildClassMergeConfig, prepareClassMerging } from './lib/cn';
import { loadLocaleData } from './lib/locale';
import { registerServiceWorker } from './lib/service-worker';
import { clearLegacyStorageOnce } from './lib/storage';
import './index.css';

clearLegacyStorageOnce();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(adoptFirstPaint(container));
const renderApp = () =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
/**
 * The code of the screens the address shows (the dashboard's layout, the page), asked for as soon
 * as the router has matched it, each in a task of its own: every file asked for costs the page a
 * link (~1 ms on a phone), and the dashboard's layout alone brings some twenty.
 */
function preloadRouteCode() {
  startTasks.unshift(
    ...appRouter().state.matches.map((match) => () => void preloadPage(match.route.element)),
  );
}

// What the app builds on first use and takes a phone 10-100 ms each (the router, the screen's
// code links, the browser's locale data, the class merger's configuration and tables) is built
// in tasks of its own before the first render, one after another, so no one task holds the phone
// long (decision 045).
const startTasks: (() => void)[] = [
  appRouter,
  preloadRouteCode,
  loadLocaleData,
  buildClassMergeConfig,
  prepareClassMerging,
  renderApp,
];
function runStartTasks() {
  const task = startTasks.shift();
  if (!task) return;
  task();
  setTimeout(runStartTasks);
}
setTimeout(runStartTasks);
