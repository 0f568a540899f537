// The Administrateurs, Superviseurs and Animateurs tabs: add a grant by typing a user ID
// (with the hint on where to find it), then the list with name, e-mail, role, grant date and a
// remove button; the signed-in admin's own row has the 'Vous' badge. Success toasts come from
// the mutation hooks; a refused change (unknown user, last admin) shows the server's message.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { QueryStatus } from '../../components/QueryStatus';
import { validateUserId } from '../../core';
import { formatDate } from '../../lib/format';
import { useCurrentUser } from '../auth/session';
import { useAddGrant, useRemoveGrant } from './mutations';
import type { Role } from '../../api/types';
import { displayName, grantSection, useGrants, type Grant } from './queries';
import { SubmitButton } from '../../components/form/FormActions';

function YouBadge() {
  const { t } = useTranslation('admin');
  return <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">{t('grants.you')}</span>;
}

function GrantRow({ grant, role, isMe, more }: { grant: Grant; role: Role; isMe: boolean; more?: ReactNode }) {
  const { t, i18n } = useTranslation('admin');
  const section = grantSection[role];
  const remove = useRemoveGrant(role);
  const nameId = useId();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="grant-row">
      <div>
        <p className="flex items-center gap-2 font-semibold" id={nameId}>
          {displayName(grant.user)}
          {isMe && <YouBadge />}
        </p>
        <p className="text-sm text-slate-700">{grant.user.email ?? t('members.noAddress')}</p>
        <p className="text-sm text-slate-600">
          {t(`grants.role.${role}`)} · {t('grants.grantedOn', { date: formatDate(grant.grantedAt, i18n.language) })}
        </p>
        {more}
      </div>
      <Button
        variant="danger"
        size="sm"
        aria-describedby={nameId}
        disabled={remove.isPending}
        onClick={() => remove.mutate(grant.userId)}
      >
        {t(`${section}.remove`)}
      </Button>
    </li>
  );
}

/** `rowMore` adds to each person's row (a counsellor's weeks); `after` follows the list. */
export function GrantsTab({ role, rowMore, after }: { role: Role; rowMore?: (grant: Grant) => ReactNode; after?: ReactNode }) {
  const { t, i18n } = useTranslation('admin');
  const section = grantSection[role];
  const { user } = useCurrentUser();
  const grants = useGrants(role);
  const add = useAddGrant(role);
  const [userId, setUserId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = await validateUserId(userId, i18n.language).catch(() => ({}) as Record<string, string>);
    const message = errors.userId ?? (userId.trim() ? null : t('grants.userIdRequired'));
    setError(message);
    if (message) return;
    add.mutate(userId.trim(), { onSuccess: () => setUserId('') });
  };

  return (
    <section aria-labelledby={`${inputId}-title`} className="space-y-6">
      <div>
        <h2 id={`${inputId}-title`} className="text-xl font-semibold">
          {t(`${section}.title`)}
        </h2>
        <p className="mt-1 text-slate-700">{t(`${section}.description`)}</p>
      </div>
      <form onSubmit={(event) => void submit(event)} noValidate className="rounded-lg border border-slate-200 p-4">
        <label htmlFor={inputId} className="block font-semibold">
          {t('grants.userId')}
        </label>
        <div className="mt-2 flex flex-wrap gap-2">
          <input
            id={inputId}
            value={userId}
            onChange={(event) => setUserId(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${hintId}` : hintId}
            autoComplete="off"
            spellCheck={false}
            className="min-w-[16rem] flex-1 rounded border border-slate-400 px-3 py-2 font-mono text-sm"
          />
          <SubmitButton pending={add.isPending} label={t(`${section}.add`)} />
        </div>
        {error && (
          <p id={errorId} role="alert" className="mt-2 text-sm font-semibold text-red-700">
            {error}
          </p>
        )}
        <p id={hintId} className="mt-2 text-sm text-slate-600">
          {t(`${section}.hint`)}
        </p>
      </form>
      <QueryStatus
        query={grants}
        error={t('grants.loadError')}
        loadingLabel={t('grants.loading')}
        empty={<p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">{t(`${section}.empty`)}</p>}
      >
        {(list) => (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 px-4" aria-label={t(`${section}.title`)}>
            {list.map((grant) => (
              <GrantRow key={grant.id} grant={grant} role={role} isMe={grant.userId === user?.id} more={rowMore?.(grant)} />
            ))}
          </ul>
        )}
      </QueryStatus>
      {after}
    </section>
  );
}
