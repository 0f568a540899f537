// /checkout (spec section 2): the placeholder done properly. Online payment is coming soon; for
// `?type=daycamp&id={id}&amount={amountPaid}` the amount and what it is for are read from the
// query and checked against the server (the signed-in parent's own registration): the server's
// figures are the ones shown. Then the Interac instructions with the reference, the centre's
// address and a contact-by-e-mail button. The texts of the processing, success and error states
// are in the translation files for the day online payment comes.
import { useLocation, useSearchParams, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { centre } from '../../config';
import { usePageMeta } from '../../components/usePageMeta';
import { formatPrice } from '../../lib/format';
import { loginHref, useCurrentUser } from '../auth/queries';
import { weekNumber, weekRange } from '../daycamps/dates';
import { useMyDayCampRegistration, type MyDayCampRegistration } from '../daycamps/queries';

export function CheckoutPage() {
  const { t } = useTranslation('checkout');
  usePageMeta(t('meta.title'), t('meta.description'));
  const [params] = useSearchParams();
  const type = params.get('type');
  const id = params.get('id') ?? '';
  const isDayCamp = type === 'daycamp' && /^\d+$/.test(id);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">{t('title')}</h1>
      <section aria-labelledby="coming-soon" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
        <h2 id="coming-soon" className="text-lg font-semibold">
          {t('comingSoon.title')}
        </h2>
        <p className="mt-1">{t('comingSoon.text')}</p>
      </section>
      {isDayCamp ? <DayCampCheckout id={id} queryAmount={params.get('amount')} /> : <GenericPayment />}
      <Contact />
    </div>
  );
}

function DayCampCheckout({ id, queryAmount }: { id: string; queryAmount: string | null }) {
  const { t, i18n } = useTranslation('checkout');
  const { isSignedIn, isLoading: userLoading } = useCurrentUser();
  const location = useLocation();
  const registration = useMyDayCampRegistration(id, isSignedIn);
  if (userLoading || (isSignedIn && registration.isLoading)) {
    return (
      <p role="status" className="mt-8 text-slate-700">
        {t('loading')}
      </p>
    );
  }
  if (!isSignedIn) {
    return (
      <section className="mt-8 rounded-xl border border-slate-200 p-6 text-center">
        <h2 className="text-xl font-semibold">{t('signedOut.title')}</h2>
        <p className="mt-2 text-slate-700">{t('signedOut.text')}</p>
        <a
          href={loginHref(`${location.pathname}${location.search}`, i18n.language)}
          className="mt-4 inline-block rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
        >
          {t('signedOut.login')}
        </a>
      </section>
    );
  }
  if (registration.error instanceof ApiError && registration.error.status === 404) {
    return (
      <section className="mt-8 rounded-xl border border-slate-200 p-6">
        <h2 className="text-xl font-semibold">{t('notFound.title')}</h2>
        <p className="mt-2 text-slate-700">{t('notFound.text')}</p>
        <Link to="/my-registrations" className="mt-4 inline-block font-semibold text-lake-600 underline">
          {t('notFound.link')}
        </Link>
      </section>
    );
  }
  if (!registration.data) {
    return (
      <p role="alert" className="mt-8 text-red-800">
        {t('loadError')}
      </p>
    );
  }
  return <DayCampSummary registration={registration.data} queryAmount={queryAmount} />;
}

function DayCampSummary({ registration: r, queryAmount }: { registration: MyDayCampRegistration; queryAmount: string | null }) {
  const { t, i18n } = useTranslation('checkout');
  const { t: tc } = useTranslation('daycamps');
  const lang = i18n.language;
  const amount = formatPrice(r.amountPaid, lang);
  // The query only says what the page was told; the server's amount is the one that counts.
  const corrected = queryAmount !== null && Number(queryAmount) !== r.amountPaid;
  const program = tc(`programs.${r.programId}.name`, { defaultValue: r.programName });
  const paid = r.paymentStatus === 'paid';
  return (
    <>
      <section aria-labelledby="summary-title" className="mt-8 rounded-xl border border-slate-200 p-6 shadow-sm">
        <h2 id="summary-title" className="text-xl font-semibold">
          {t('summary.title')}
        </h2>
        <dl className="mt-4 grid gap-3 sm:grid-cols-[12rem_1fr]">
          <dt className="font-semibold text-slate-700">{t('summary.for')}</dt>
          <dd>{t('summary.dayCamp', { child: `${r.childFirstName} ${r.childLastName}`, program })}</dd>
          <dt className="font-semibold text-slate-700">{t('summary.weeks', { count: r.weeks.length })}</dt>
          <dd>
            <ul>
              {r.weeks.map((w) => (
                <li key={w.id}>{tc('form.weekLabel', { n: weekNumber(w.label), dates: weekRange(w.startDate, w.endDate, lang) })}</li>
              ))}
            </ul>
          </dd>
          <dt className="font-semibold text-slate-700">{t('summary.amount')}</dt>
          <dd className="text-2xl font-bold" data-testid="checkout-amount">
            {amount}
          </dd>
          <dt className="font-semibold text-slate-700">{t('summary.reference')}</dt>
          <dd className="font-mono text-lg font-semibold" data-testid="checkout-reference">
            {r.paymentReference}
          </dd>
          <dt className="font-semibold text-slate-700">{t('summary.status')}</dt>
          <dd>{paid ? t('summary.paid') : t('summary.pending')}</dd>
        </dl>
        {corrected && (
          <p role="note" className="mt-4 text-sm text-slate-700">
            {t('summary.corrected')}
          </p>
        )}
      </section>
      {!paid && (
        <section aria-labelledby="interac-title" className="mt-6 rounded-xl border border-brand-600 bg-brand-50 p-6">
          <h2 id="interac-title" className="text-xl font-semibold">
            {t('interac.title')}
          </h2>
          <ol className="mt-3 list-decimal space-y-1 pl-5">
            <li>{t('interac.step1', { email: r.interacEmail })}</li>
            <li>{t('interac.step2', { amount })}</li>
            <li>{t('interac.step3', { reference: r.paymentReference })}</li>
          </ol>
          <p className="mt-3 text-sm text-slate-700">{t('interac.after')}</p>
        </section>
      )}
      <p className="mt-6">
        <Link to="/my-registrations" className="font-semibold text-lake-600 underline">
          {t('myRegistrations')}
        </Link>
      </p>
    </>
  );
}

/** No registration named: how payment works at the centre. */
function GenericPayment() {
  const { t } = useTranslation('checkout');
  return (
    <section aria-labelledby="interac-title" className="mt-8 rounded-xl border border-slate-200 p-6">
      <h2 id="interac-title" className="text-xl font-semibold">
        {t('interac.title')}
      </h2>
      <p className="mt-2 text-slate-700">{t('interac.generic', { email: centre.email })}</p>
    </section>
  );
}

function Contact() {
  const { t } = useTranslation('checkout');
  return (
    <section aria-labelledby="contact-title" className="mt-8 rounded-xl border border-slate-200 p-6">
      <h2 id="contact-title" className="text-xl font-semibold">
        {t('contact.title')}
      </h2>
      <address className="mt-2 not-italic text-slate-800">{centre.address}</address>
      <a
        href={`mailto:${centre.email}?subject=${encodeURIComponent(t('contact.subject'))}`}
        className="mt-4 inline-block rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
      >
        {t('contact.button')}
      </a>
      <p className="mt-2 text-sm text-slate-600">{centre.email}</p>
    </section>
  );
}
