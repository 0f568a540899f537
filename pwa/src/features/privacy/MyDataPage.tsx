// 'Mes données' (/mes-donnees, from the user menu): download what the centre holds about me and
// my children (JSON, or a page to read and print in my language), correct it (the profile and
// registrations pages show it; changes go to the person in charge), and ask for its deletion,
// whose state and 30-day deadline are shown.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { downloadExport } from '../../api/download';
import { Button, buttonClass } from '../../components/Button';
import { QueryStatus } from '../../components/QueryStatus';
import { SignInRequired } from '../../components/SignInRequired';
import { toast } from '../../components/toast';
import { usePageMeta } from '../../components/usePageMeta';
import { formatDay, formatLongDate } from '../../lib/format';
import { useCurrentUser } from '../auth/session';
import { useRequestDeletion } from './mutations';
import { MY_DATA_JSON, myDataPage, useMyDeletionRequests, usePrivacyOfficer, type MyDeletionRequest } from './queries';

function Download() {
  const { t, i18n } = useTranslation('privacy');
  const download = () =>
    downloadExport(MY_DATA_JSON, 'mes-donnees.json').catch(() =>
      toast({ variant: 'error', title: t('errors.title'), description: t('myData.download.error') }),
    );
  return (
    <section aria-labelledby="my-data-download" className="space-y-3">
      <h2 id="my-data-download" className="text-xl font-semibold">
        {t('myData.download.title')}
      </h2>
      <p className="text-slate-700">{t('myData.download.text')}</p>
      <div className="flex flex-wrap gap-3">
        <Button variant="primary" onClick={() => void download()}>
          {t('myData.download.json')}
        </Button>
        <a className={buttonClass('secondary')} href={myDataPage(i18n.language)} target="_blank" rel="noopener">
          {t('myData.download.page')}
        </a>
      </div>
    </section>
  );
}

function Correct() {
  const { t } = useTranslation('privacy');
  const officer = usePrivacyOfficer();
  return (
    <section aria-labelledby="my-data-correct" className="space-y-3">
      <h2 id="my-data-correct" className="text-xl font-semibold">
        {t('myData.correct.title')}
      </h2>
      <p className="text-slate-700">{t('myData.correct.text')}</p>
      <ul className="flex flex-wrap gap-3">
        <li>
          <Link to="/profile" className={buttonClass('secondary')}>
            {t('myData.correct.profile')}
          </Link>
        </li>
        <li>
          <Link to="/my-registrations" className={buttonClass('secondary')}>
            {t('myData.correct.registrations')}
          </Link>
        </li>
        {officer.data && (
          <li>
            <a href={`mailto:${officer.data.email}`} className={buttonClass('secondary')}>
              {t('myData.correct.write', { name: officer.data.name })}
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}

function RequestState({ request }: { request: MyDeletionRequest }) {
  const { t, i18n } = useTranslation('privacy');
  return (
    <div className="rounded-lg border border-slate-300 p-4" data-testid="my-deletion-request">
      <p className="font-semibold">{t(`myData.deletion.status.${request.status}`)}</p>
      <p className="text-sm text-slate-700">
        {t('myData.deletion.asked', { date: formatLongDate(request.requestedAt, i18n.language) })}
      </p>
      {request.status === 'open' && (
        <p className="text-sm text-slate-700">{t('myData.deletion.due', { date: formatDay(request.answerDue, i18n.language) })}</p>
      )}
      {request.note && <p className="mt-2 text-sm">{t('myData.deletion.note', { note: request.note })}</p>}
    </div>
  );
}

function Deletion() {
  const { t } = useTranslation('privacy');
  const requests = useMyDeletionRequests(true);
  const ask = useRequestDeletion();
  const open = requests.data?.some((r) => r.status === 'open') ?? false;
  const confirmAndAsk = () => {
    if (window.confirm(t('myData.deletion.confirm'))) ask.mutate();
  };
  return (
    <section aria-labelledby="my-data-deletion" className="space-y-3">
      <h2 id="my-data-deletion" className="text-xl font-semibold">
        {t('myData.deletion.title')}
      </h2>
      <p className="text-slate-700">{t('myData.deletion.text')}</p>
      <QueryStatus query={requests} error={t('errors.load')} empty={null}>
        {(list) => (
          <ul className="space-y-2">
            {list.map((r) => (
              <li key={r.id}>
                <RequestState request={r} />
              </li>
            ))}
          </ul>
        )}
      </QueryStatus>
      {!open && requests.data && (
        <Button variant="danger" onClick={confirmAndAsk} disabled={ask.isPending}>
          {t('myData.deletion.ask')}
        </Button>
      )}
    </section>
  );
}

export function MyDataPage() {
  const { t } = useTranslation('privacy');
  const { user, isLoading } = useCurrentUser();
  usePageMeta(t('myData.title'));
  if (isLoading) return null;
  if (!user) return <SignInRequired title={t('myData.title')} text={t('myData.signedOut')} returnTo="/mes-donnees" />;
  return (
    <article className="mx-auto max-w-3xl space-y-10 px-4 py-12">
      <div>
        <h1 className="text-3xl font-bold">{t('myData.title')}</h1>
        <p className="mt-2 text-slate-700">
          {t('myData.intro')}{' '}
          <Link to="/confidentialite" className="underline">
            {t('myData.policy')}
          </Link>
        </p>
      </div>
      <Download />
      <Correct />
      <Deletion />
    </article>
  );
}
