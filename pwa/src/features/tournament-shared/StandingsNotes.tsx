// The lines under a standings table, the same under the console's table and the event page's
// list: what separated teams level on points, and the rule for a withdrawn team. Each draws
// nothing when it has nothing to say.
import { useTranslation } from 'react-i18next';
import { tieBreakLine } from './format';
import { withdrawnRule } from './standings';
import type { Standing } from './types';

const NOTE = 'mt-2 text-sm text-slate-700';

/** 'Égalités départagées par le quotient de manches.' when a tie-break separated teams. */
export function TieBreakNote({ rows }: { rows: Standing[] }) {
  const { t, i18n } = useTranslation('tournaments');
  const line = tieBreakLine(rows, i18n.language, t);
  return line ? (
    <p className={NOTE} data-testid="tie-break">
      {line}
    </p>
  ) : null;
}

/** What a withdrawal does to a team's matches, under a table that lists a withdrawn team. */
export function WithdrawnNote({ rows }: { rows: Standing[] }) {
  const { t } = useTranslation('tournaments');
  const rule = withdrawnRule(rows, t);
  return rule ? (
    <p className={NOTE} data-testid="withdrawn-rule">
      {rule}
    </p>
  ) : null;
}
