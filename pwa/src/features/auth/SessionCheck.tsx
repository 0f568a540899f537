// The lazy half of session.tsx: asks who is signed in (queries.ts) and hands every change of
// the answer to <SessionProvider>.
import { useEffect } from 'react';
import { QueryRoot } from '../../api/QueryRoot';
import { useSessionQueries } from './queries';
import type { Session } from './session';

function Check({ onAnswer }: { onAnswer: (session: Session) => void }) {
  const { user, userLoading, rolesLoading, isAdmin, isSupervisor, isCampStaff, offline } = useSessionQueries();
  useEffect(() => {
    onAnswer({ user, userLoading, rolesLoading, isAdmin, isSupervisor, isCampStaff, offline });
  }, [onAnswer, user, userLoading, rolesLoading, isAdmin, isSupervisor, isCampStaff, offline]);
  return null;
}

export default function SessionCheck({ onAnswer }: { onAnswer: (session: Session) => void }) {
  return (
    <QueryRoot>
      <Check onAnswer={onAnswer} />
    </QueryRoot>
  );
}
