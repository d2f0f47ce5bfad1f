import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, appRouter } from './app/app';
import { adoptFirstPaint } from './lib/first-paint';
import { preloadPage } from './app/lazy-page';
import { buildClassMergeConfig, prepareClassMerging } from './lib/cn';
import { loadLocaleData } from './lib/locale';
import { registerServiceWorker } from './lib/service-worker';
import { pageCameWithSession } from './lib/session/session-preload';
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
const routeCode: Promise<void>[] = [];
function preloadRouteCode() {
  startTasks.unshift(
    ...appRouter().state.matches.map((match) => () => {
      routeCode.push(preloadPage(match.route.element));
    }),
  );
}

/**
 * A signed-in screen is drawn once its code is in, not before: drawn earlier, each of its nested
 * lazy parts (the layout, the page) shows Loading... and React then holds the screen back 300 ms
 * after each (its Suspense throttle), while the server's first paint would have stayed. A visitor
 * without a session is not kept waiting: their screen may well be another (/auth).
 */
function awaitRouteCode(): Promise<unknown> | undefined {
  return pageCameWithSession() ? Promise.all(routeCode) : undefined;
}

// What the app builds on first use and takes a phone 10-100 ms each (the router, the screen's
// code links, the browser's locale data, the class merger's configuration and tables) is built
// in tasks of its own before the first render, one after another, so no one task holds the phone
// long (decision 045). A task may return a promise: the next waits for it.
const startTasks: (() => Promise<unknown> | void)[] = [
  () => void appRouter(),
  preloadRouteCode,
  loadLocaleData,
  buildClassMergeConfig,
  prepareClassMerging,
  awaitRouteCode,
  renderApp,
];
function runStartTasks() {
  const task = startTasks.shift();
  if (!task) return;
  const waiting = task();
  if (waiting instanceof Promise) void waiting.finally(() => setTimeout(runStartTasks));
  else setTimeout(runStartTasks);
}
setTimeout(runStartTasks);
