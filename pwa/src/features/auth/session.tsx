// Who is signed in, as every component reads it (useCurrentUser, useRoles). A page the server
// sent to a visitor needs no question (lib/pageHints.ts serverSaidVisitor): the landing route's
// first load then carries no query library at all (its budget: 100 KB of JavaScript). Otherwise
// the lazy SessionCheck asks the API through the auth queries (queries.ts, TanStack Query, kept
// for offline use) and hands each answer to <SessionProvider>.
import { createContext, lazy, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Schemas } from '../../api/types';
import { rememberSignedIn, serverSaidVisitor } from '../../lib/pageHints';

export type User = Schemas['UserDto'];

export type Session = {
  user: User | null;
  /** The sign-in status is not known yet. */
  userLoading: boolean;
  /** Signed in, the roles are not known yet. */
  rolesLoading: boolean;
  isAdmin: boolean;
  isSupervisor: boolean;
  /** Camp staff ('Animateur'): the /animation page for the weeks an admin gives them. */
  isCampStaff: boolean;
  /** No network, and nothing kept on this device says who is signed in. */
  offline: boolean;
};

const VISITOR: Session = { user: null, userLoading: false, rolesLoading: false, isAdmin: false, isSupervisor: false, isCampStaff: false, offline: false };
const UNKNOWN: Session = { ...VISITOR, userLoading: true };

const SessionContext = createContext<Session>(UNKNOWN);

const SessionCheck = lazy(() => import('./SessionCheck'));

/** Around the app: the session the server said, or the one SessionCheck finds out. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [ask] = useState(() => !serverSaidVisitor());
  const [session, setSession] = useState<Session>(ask ? UNKNOWN : VISITOR);
  // Remembered for the next visit's first screen, whoever said it: the server (a member who
  // signed out since forgets it) or the API.
  useEffect(() => {
    if (!session.userLoading) rememberSignedIn(!!session.user);
  }, [session.userLoading, session.user]);
  return (
    <SessionContext.Provider value={session}>
      {children}
      {ask && (
        <Suspense fallback={null}>
          <SessionCheck onAnswer={setSession} />
        </Suspense>
      )}
    </SessionContext.Provider>
  );
}

/**
 * `user` is null when signed out; `isLoading` while the status is unknown; `isOffline` when it
 * cannot be known (no network, nothing kept): signing in cannot work then either.
 */
export function useCurrentUser() {
  const { user, userLoading, offline } = useContext(SessionContext);
  return { user, isLoading: userLoading, isSignedIn: !!user, isOffline: offline };
}

/** The signed-in user's roles. `isLoading` until all are known (or while the user is unknown). */
export function useRoles() {
  const { user, userLoading, rolesLoading, isAdmin, isSupervisor, isCampStaff } = useContext(SessionContext);
  return { user, isLoading: userLoading || rolesLoading, isAdmin, isSupervisor, isCampStaff };
}
