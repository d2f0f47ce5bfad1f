import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, appRouter } from './app/app';
import { adoptFirstPaint } from './lib/first-paint';
import { prepareClassMerging } from './lib/cn';
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
// What the app builds on first use and takes a phone 10-15 ms each (the browser's locale data,
// the class merger's tables, the router) is built in a task of its own before the first render,
// so no one task holds the phone long (decision 045).
for (const task of [appRouter, loadLocaleData, prepareClassMerging, renderApp]) setTimeout(task);
