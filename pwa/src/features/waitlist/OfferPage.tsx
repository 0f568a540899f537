// /offers/{id}, where the offer's e-mail leads: what place is held and until when; accepting
// registers the form the member joined with and goes to /checkout, declining passes the place
// to the next in line.
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { SignInRequired } from '../../components/SignInRequired';
import { usePageMeta } from '../../components/usePageMeta';
import { useCurrentUser } from '../auth/session';
import { useAcceptOffer, useDeclineOffer } from './mutations';
import { OfferLine } from './OfferLine';
import { useOffer } from './queries';

export function OfferPage() {
  const { t } = useTranslation('waitlist');
  usePageMeta(t('offer.title'));
  const { offerId = '' } = useParams();
  const navigate = useNavigate();
  const { user, isLoading } = useCurrentUser();
  const offer = useOffer(offerId, !!user);
  const accept = useAcceptOffer({ onSuccess: (a) => void navigate(a.checkout) });
  const decline = useDeclineOffer();
  if (isLoading || offer.isLoading) {
    return (
      <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-slate-700">
        {t('loading')}
      </p>
    );
  }
  if (!user) return <SignInRequired text={t('offer.signedOut')} returnTo={`/offers/${offerId}`} />;
  const entry = offer.data;
  const live = entry?.offer?.state === 'live' ? entry.offer : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('offer.title')}</h1>
      {!entry ? (
        <p className="mt-6">{t('offer.notFound')}</p>
      ) : (
        <section className="mt-6 space-y-4 rounded-xl border border-slate-200 p-6 shadow-sm">
          <p className="text-lg font-semibold">{entry.label}</p>
          {live ? (
            <>
              <p>{t('offer.held')}</p>
              <OfferLine expiresAt={live.expiresAt} />
              <div className="flex flex-wrap gap-3">
                <Button variant="primary" disabled={accept.isPending || decline.isPending} onClick={() => accept.mutate(live.id)}>
                  {t('offer.accept')}
                </Button>
                <Button disabled={accept.isPending || decline.isPending} onClick={() => decline.mutate(live.id)}>
                  {t('offer.decline')}
                </Button>
              </div>
            </>
          ) : (
            <p>{t('offer.notLive')}</p>
          )}
        </section>
      )}
    </div>
  );
}
