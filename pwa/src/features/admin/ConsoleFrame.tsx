// The console's frame: its title for the role, and the tabs (or, while loading, a spinner)
// under it. It is also the console's first screen: for an admin or a supervisor the server's
// shell draws it before any JavaScript (the role hint, lib/pageHints.ts), and the app draws the
// same while it checks the access, so the title is there at once and nothing moves. It is part
// of the first bundle (App.tsx's fallback for /admin): its texts are in `common`.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../api/types';
import { roleHint } from '../../lib/pageHints';
import { Spinner } from '../../components/Spinner';

export function ConsoleFrame({ role, children }: { role: Role; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t(`console.${role}`)}</h1>
      <div className="mt-6">{children ?? <Spinner label={t('console.checking')} />}</div>
    </section>
  );
}

/** While the console loads: its frame when the role is known from the server, else a spinner. */
export function ConsoleLoading() {
  const { t } = useTranslation();
  const role = roleHint();
  return role ? <ConsoleFrame role={role} /> : <Spinner label={t('console.checking')} />;
}
