import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { adoptFirstPaint } from './lib/first-paint';
import { registerServiceWorker } from './lib/service-worker';
import { clearLegacyStorageOnce } from './lib/storage';
import './index.css';

clearLegacyStorageOnce();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(adoptFirstPaint(container));
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
