// What the console offers on each match of the list it shows (score it, correct it): centre-core's
// rule (`matchActions`, the server's own), asked once per list. Null while core-wasm loads (no
// match offers anything then). `matches` must keep its identity between renders (useProjection's
// list does): a new array asks again.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { matchActions, type MatchActions } from '../../core';
import { useCore } from '../../core/useCore';
import type { Match } from '../tournament-shared/types';

export function useMatchActions(matches: Match[]): ReadonlyMap<number, MatchActions> | null {
  const core = useCore();
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(() => (core ? matchActions(core, matches, lang) : null), [core, matches, lang]);
}
