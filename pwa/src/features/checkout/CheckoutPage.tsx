// /checkout, where a registration leads to its payment. Online payment is coming soon; for
// `?type=daycamp&id={id}&amount={amountPaid}` and `?type=event&id={registrationId}` the
// signed-in member's own registration is read from the server and its figures are shown (one
// summary for both kinds: PaymentSummary). Then the Interac instructions with the reference,
// the centre's address and a contact-by-e-mail button. The texts of the processing, success and
// error states are in the translation files for the day online payment comes.
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { centre } from '../../config';
import { buttonClass } from '../../components/Button';
import { usePageMeta } from '../../components/usePageMeta';
import { CheckoutCard } from './CheckoutCard';
import { DayCampCheckout } from './DayCampCheckout';
import { EventCheckout } from './EventCheckout';

export function CheckoutPage() {
  const { t } = useTranslation('checkout');
  usePageMeta(t('meta.title'), t('meta.description'));
  const [params] = useSearchParams();
  const type = params.get('type');
  const id = params.get('id') ?? '';
  const known = /^\d+$/.test(id);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">{t('title')}</h1>
      <section aria-labelledby="coming-soon" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
        <h2 id="coming-soon" className="text-lg font-semibold">
          {t('comingSoon.title')}
        </h2>
        <p className="mt-1">{t('comingSoon.text')}</p>
      </section>
      {known && type === 'daycamp' ? (
        <DayCampCheckout id={id} queryAmount={params.get('amount')} />
      ) : known && type === 'event' ? (
        <EventCheckout id={id} />
      ) : (
        <GenericPayment />
      )}
      <Contact />
    </div>
  );
}

/** No registration named: how payment works at the centre. */
function GenericPayment() {
  const { t } = useTranslation('checkout');
  return (
    <CheckoutCard id="interac-title" title={t('interac.title')} className="mt-8 rounded-xl border border-slate-200 p-6">
      <p className="mt-2 text-slate-700">{t('interac.generic', { email: centre.email })}</p>
    </CheckoutCard>
  );
}

function Contact() {
  const { t } = useTranslation('checkout');
  return (
    <CheckoutCard id="contact-title" title={t('contact.title')} className="mt-8 rounded-xl border border-slate-200 p-6">
      <address className="mt-2 not-italic text-slate-800">{centre.address}</address>
      <a
        href={`mailto:${centre.email}?subject=${encodeURIComponent(t('contact.subject'))}`}
        className={buttonClass('primary', 'md', 'mt-4')}
      >
        {t('contact.button')}
      </a>
      <p className="mt-2 text-sm text-slate-600">{centre.email}</p>
    </CheckoutCard>
  );
}
