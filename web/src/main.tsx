import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { PageAnswersProvider, readPageAnswers } from './lib/page-answers';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/home.css';
import './styles/lookup.css';
import './styles/results.css';
import './styles/content.css';
import './styles/forms.css';
import './styles/billing.css';
import './styles/records.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element to render into');

const app = (
  <StrictMode>
    <BrowserRouter>
      {/* The answers the gateway rendered the page with, sent beside its HTML (entry-server.tsx). */}
      <PageAnswersProvider answers={readPageAnswers()}>
        <App />
      </PageAnswersProvider>
    </BrowserRouter>
  </StrictMode>
);
// A public page comes with its HTML rendered by the gateway (src/entry-server.tsx): React takes it over as it is, as a
// transition, in slices that leave the main thread free between them (the page is on screen already).
if (rootElement.firstElementChild) startTransition(() => void hydrateRoot(rootElement, app));
else createRoot(rootElement).render(app);
