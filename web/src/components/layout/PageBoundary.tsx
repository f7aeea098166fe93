import { Component, Suspense, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { FormAlert } from '../FormAlert';
import { Spinner } from '../Spinner';

type TProps = { resetKey: string; children: ReactNode };
type TState = { error: unknown; resetKey: string };

/**
 * Around the page inside the frame: a spinner while a page's code loads, and, if the page fails (its
 * chunk could not be fetched, say after a new release), a message with Reload instead of a blank screen.
 * Moving to another path (resetKey) tries again.
 */
export class PageBoundary extends Component<TProps, TState> {
  override state: TState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<TState> {
    return { error };
  }

  static getDerivedStateFromProps(props: TProps, state: TState): Partial<TState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The page failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <div className="container narrow content-body page-failed">
          <FormAlert tone="error" title="This page could not be loaded">
            Check your connection, then reload the page.
          </FormAlert>
          <div className="form__actions">
            <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
              Reload
            </button>
          </div>
        </div>
      );
    }
    return (
      <Suspense
        fallback={
          <div className="page-loading">
            <Spinner label="Loading…" />
          </div>
        }
      >
        {this.props.children}
        <MarkTakenOver />
      </Suspense>
    );
  }
}

/**
 * Marks the document once the page in the frame is React's (hydrated, or rendered), `data-taken-over` on <html>: a
 * page the gateway rendered is on screen, but inert, until then; the browser journeys wait for it before they tap.
 */
function MarkTakenOver() {
  useEffect(() => {
    document.documentElement.dataset.takenOver = 'true';
  }, []);
  return null;
}
