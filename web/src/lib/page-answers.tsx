import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { TResponseSchema } from '../api/client';

/**
 * The public API answers a page was rendered with (docs/architecture.md#web-delivery): the gateway asks the service
 * for the answer a page shows (entry-server.tsx's pageAnswerPaths), renders the page with it, and sends it beside the
 * HTML, so that the page's first paint already holds it and the browser takes the page over without asking again.
 * Keyed by the API path the page's own call would ask (under /api/v1).
 */
export type TPageAnswers = Readonly<Record<string, unknown>>;

/** The element of index.html, after #root, that carries the answers: JSON, never run as a script. */
export const PAGE_ANSWERS_ELEMENT_ID = 'page-answers';

interface TPageAnswersStore {
  answers: TPageAnswers;
  /** The paths a mounted page has taken: a page mounted later (after a navigation) asks afresh. */
  taken: Set<string>;
}

const PageAnswersContext = createContext<TPageAnswersStore>({ answers: {}, taken: new Set() });

/** Gives the pages under it the answers they were rendered with; each page takes its answer once. */
export function PageAnswersProvider({ answers, children }: { answers: TPageAnswers; children: ReactNode }) {
  const [store] = useState<TPageAnswersStore>(() => ({ answers, taken: new Set() }));
  return <PageAnswersContext.Provider value={store}>{children}</PageAnswersContext.Provider>;
}

/**
 * The answer the page was rendered with for `path`, checked with the schema its own call checks it with; undefined
 * when there is none (or it is not what the schema says), or once a page has taken it (the next page asks afresh).
 */
export function usePageAnswer<T>(path: string, schema: TResponseSchema<T>): T | undefined {
  const store = useContext(PageAnswersContext);
  // Taken when the page mounts and kept for its life: its later renders show the same answer.
  const [taken] = useState(() => ({ path, answer: store.taken.has(path) ? undefined : store.answers[path] }));
  useEffect(() => {
    store.taken.add(taken.path);
  }, [store, taken]);
  const parsed = useMemo(
    () => (taken.answer === undefined ? undefined : schema.safeParse(taken.answer)),
    [taken, schema],
  );
  return taken.path === path && parsed?.success ? parsed.data : undefined;
}

/** The answers the gateway sent with this page (none when it sent none, or they cannot be read). */
export function readPageAnswers(doc: Document = document): TPageAnswers {
  const text = doc.getElementById(PAGE_ANSWERS_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    const answers = JSON.parse(text) as unknown;
    return typeof answers === 'object' && answers !== null && !Array.isArray(answers) ? (answers as TPageAnswers) : {};
  } catch {
    return {};
  }
}
