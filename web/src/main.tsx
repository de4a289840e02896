import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppRouter } from './app/app-router';
import { AppRoutes, preloadPage } from './app/router';
import { acceptBengaliDigits } from './lib/bengali-digits-input';
import { startLanguage } from './lib/i18n/i18n';
import { queryClient } from './lib/query-client';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/catalogue.css';
import './styles/admin.css';
import './styles/orders.css';
import './lib/i18n/language-switch.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must contain <div id="root">');

// Before the router reads the address: it takes ?lang= out of it.
const languageReady = startLanguage();
// The first page's code (a lazy page) and the answer it shows first (a product's, already asked for by
// prefetch.js) are asked for now. The first render waits for them, up to FIRST_PAGE_WAIT_MS, with the
// static header of index.html on screen: a first render that suspends shows the page's fallback and
// React then holds the page back until 300 ms after that fallback (its Suspense throttle), which put a
// product's photo ~150 ms later than its data and code (docs/performance.md, Web).
const FIRST_PAGE_WAIT_MS = 1500;
const firstPage = Promise.race([preloadPage(window.location.pathname), new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]);

acceptBengaliDigits(document);

const root = createRoot(rootElement);

function render() {
  // The first render as a transition: React renders it in slices, so that it is not one long task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AppRouter>
            <AppRoutes />
          </AppRouter>
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}

// A visit in Bengali renders once its messages (small files of their own) are here, not in English first.
void Promise.all([languageReady, firstPage]).then(render);
