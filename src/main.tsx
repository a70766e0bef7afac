import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/pwa/register-service-worker';
import { afterFirstScreen } from './lib/first-screen';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// After the first screen, so installing the worker never competes with it for bandwidth or the main thread.
void afterFirstScreen().then(() => registerServiceWorker());
