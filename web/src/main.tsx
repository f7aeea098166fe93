import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, pageCodeFor } from './App';
import { PageAnswersProvider, readPageAnswers } from './lib/page-answers';
import { FooterContent } from './route-pages';
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

const isTakingOver = rootElement.firstElementChild !== null;
const app = (
  <StrictMode>
    <BrowserRouter>
      {/* The answers the gateway rendered the page with, sent beside its HTML (entry-server.tsx). */}
      <PageAnswersProvider answers={readPageAnswers()}>
        <App isTakingOverRenderedPage={isTakingOver} />
      </PageAnswersProvider>
    </BrowserRouter>
  </StrictMode>
);
// A public page comes with its HTML rendered by the gateway (src/entry-server.tsx): React takes it over as it is, as a
// transition, in slices that leave the main thread free between them (the page is on screen already), once the code of
// the page and of the footer has come, so that it is taken over in one pass (docs/architecture.md#web-delivery).
if (isTakingOver) {
  // A chunk that fails to load is the page boundary's to report, as it would be without the wait.
  void Promise.allSettled([pageCodeFor(window.location.pathname), FooterContent.preload()]).then(() =>
    startTransition(() => void hydrateRoot(rootElement, app)),
  );
} else createRoot(rootElement).render(app);
