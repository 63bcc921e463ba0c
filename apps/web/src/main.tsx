// Browser entry: mounts the providers and the route table into #root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

import { AppProviders } from './app-providers';
import { startServiceWorker } from './features/offline';
import { AppRoutes } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

startServiceWorker();

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
