// The Membres tab: every member with name, e-mail, 'Membre depuis' date and
// ID (the ID is what the Administrateurs and Superviseurs tabs ask for); the signed-in admin's
// own row has the 'Vous' badge.
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../components/QueryStatus';
import { formatDate } from '../../lib/format';
import { useCurrentUser } from '../auth/session';
import { displayName, useMembers } from './queries';

export function MembersTab() {
  const { t, i18n } = useTranslation('admin');
  const { user } = useCurrentUser();
  const members = useMembers();
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-semibold">{t('members.title')}</h2>
        {members.data && <p className="text-sm text-slate-600">{t('members.count', { count: members.data.length })}</p>}
      </div>
      <QueryStatus
        query={members}
        error={t('grants.loadError')}
        loadingLabel={t('grants.loading')}
        empty={<p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">{t('members.empty')}</p>}
      >
        {(list) => (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 px-4" aria-label={t('members.title')}>
            {list.map((member) => (
              <li key={member.id} className="py-3" data-testid="member-row">
                <p className="flex items-center gap-2 font-semibold">
                  {displayName(member)}
                  {member.id === user?.id && (
                    <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">{t('members.you')}</span>
                  )}
                </p>
                <p className="text-sm text-slate-700">
                  {member.email ?? t('members.noAddress')}
                  {member.email && !member.emailVerified && <span className="text-slate-600"> ({t('members.unverified')})</span>}
                </p>
                <p className="text-sm text-slate-600">
                  {t('members.memberSince')} {formatDate(member.createdAt, i18n.language)}
                </p>
                <p className="text-sm text-slate-600">
                  {t('members.id')} <code className="select-all rounded bg-slate-100 px-1 font-mono text-xs">{member.id}</code>
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryStatus>
    </section>
  );
}
