// The console's frame: its title for the role and its tabs (ConsoleTabs.tsx), with the chosen
// tab's content or, while loading, a spinner in its panel. It is also the console's first
// screen: for an admin or a supervisor the server's shell draws it before any JavaScript (the
// role hint, lib/pageHints.ts; a shell per tab, with that tab chosen), and the app draws the
// same while it checks the access, so the title and the tabs are there at once and nothing
// moves. It is part of the first bundle (App.tsx's fallback for /admin): its texts are in `common`.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../api/types';
import { roleHint } from '../../lib/pageHints';
import { Spinner } from '../../components/Spinner';
import type { TabId } from './consoleSections';
import { ConsoleTabs } from './ConsoleTabs';

export function ConsoleFrame({ role, panel }: { role: Role; panel?: (tab: TabId) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <h1 className="text-3xl font-bold">{t(`console.${role}`)}</h1>
      <div className="mt-4 sm:mt-6">
        <ConsoleTabs role={role} panel={panel ?? (() => <Spinner label={t('console.checking')} />)} />
      </div>
    </section>
  );
}

/** While the console loads: its frame when the role is known from the server, else a spinner. */
export function ConsoleLoading() {
  const { t } = useTranslation();
  const role = roleHint();
  return role ? <ConsoleFrame role={role} /> : <Spinner label={t('console.checking')} />;
}
