import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES, type TSession as TApiSession, type TSignedIn, type TUserType } from '@sh/shared/contract';
import { registerAccessTokenSource } from './access-token';
import { createAuthStore, type TAuthState, type TAuthStore, type TAuthUser, type TLoginResult } from './auth-store';

/** What useAuth gives a component: who is signed in, and how to sign in and out. */
export type TAuthContextValue = {
  status: 'loading' | 'signed-out' | 'signed-in';
  user: TAuthUser | null;
  userType: TUserType | null;
  isAuthenticated: boolean;
  /** Signs in (the e-mail is trimmed and lower-cased); resolves to success and a message. */
  login: (email: string, password: string) => Promise<TLoginResult>;
  /** Ends the session, clears the stored authentication and sends the browser to /. */
  logout: () => Promise<void>;
  /** Keeps the session a sign-in's second step answered (the code, or an admin's enrolment at sign-in). */
  completeSignIn: (signedIn: TSignedIn, message: string) => TLoginResult;
  /** Takes a session the API answered outside login (after a password change). */
  adoptSession: (session: TApiSession) => void;
  /** True once this tab's user logged out, so guarded pages send them home rather than to /login. */
  hasLoggedOut: boolean;
};

const AuthContext = createContext<TAuthContextValue | null>(null);

/** What the server renders: no session is ever in a pre-rendered page (docs/architecture.md#web-delivery). */
const SIGNED_OUT: TAuthState = { status: 'signed-out' };
const signedOutOnTheServer = () => SIGNED_OUT;

/**
 * Holds the session for the whole app. It must sit inside the router (logout navigates). `store` lets a test
 * hand in its own store.
 */
export function AuthProvider({
  children,
  store: givenStore,
  isTakingOverRenderedPage = false,
}: {
  children: ReactNode;
  store?: TAuthStore;
  /** The page came rendered by the gateway and is being hydrated (main.tsx). */
  isTakingOverRenderedPage?: boolean;
}) {
  const [store] = useState(() => givenStore ?? createAuthStore());
  // A page the gateway rendered (entry-server.tsx) is hydrated as it was rendered, signed out; the session follows.
  const live = useSyncExternalStore(store.subscribe, store.getState, signedOutOnTheServer);
  // ...as a transition: a change of the session reaching a part of the page whose code has not arrived yet would
  // otherwise make React throw that part's HTML away and show it loading (a flash, and a layout shift), where a
  // transition waits for the part to be taken over first.
  const [isTakenOver, setTakenOver] = useState(!isTakingOverRenderedPage);
  useEffect(() => {
    if (!isTakenOver) startTransition(() => setTakenOver(true));
  }, [isTakenOver]);
  const state = isTakenOver ? live : SIGNED_OUT;
  const navigate = useNavigate();

  // A layout effect, so that the API client can refresh on a 401 before any page's effects make calls.
  useLayoutEffect(() => {
    const unregister = registerAccessTokenSource({ getAccessToken: store.getAccessToken, refresh: store.refresh });
    store.start();
    return () => {
      store.stop();
      unregister();
    };
  }, [store]);

  const hasLoggedOut = useRef(false);
  const value = useMemo<TAuthContextValue>(() => {
    const user = state.status === 'signed-in' ? state.user : null;
    return {
      status: state.status,
      user,
      userType: user?.userType ?? null,
      isAuthenticated: user !== null,
      login: (email, password) => {
        hasLoggedOut.current = false;
        return store.login(email, password);
      },
      logout: async () => {
        // The session's end renders before the navigation does; the guard reads this and sends the user home too.
        hasLoggedOut.current = true;
        navigate('/', { replace: true });
        await store.logout();
      },
      hasLoggedOut: hasLoggedOut.current,
      adoptSession: (session) => store.adoptSession(session),
      completeSignIn: (signedIn, message) => store.completeSignIn(signedIn, message),
    };
  }, [state, store, navigate]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session; throws outside an AuthProvider (MESSAGES.authContext.missingProvider). */
export function useAuth(): TAuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(MESSAGES.authContext.missingProvider);
  return value;
}
