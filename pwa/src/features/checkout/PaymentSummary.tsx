// One registration's checkout, whatever its kind: what it is for (the caller's rows), the
// amount, the reference to write in the Interac transfer's message and the payment badge, then
// the Interac steps while it is owed. A free registration says no payment is needed; an expired
// one says its places were released.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '../../api/types';
import { PaymentBadge } from '../../components/PaymentBadge';
import { isFree, isOwing } from '../../components/paymentState';
import { formatPrice } from '../../lib/format';
import { CheckoutCard } from './CheckoutCard';

interface PaymentSummaryProps {
  /** `<dt>`/`<dd>` pairs saying what the registration is for. */
  children: ReactNode;
  /** CAD dollars, the server's figure. */
  amount: number;
  reference: string;
  status: PaymentStatus;
  interacEmail: string;
  /** The page's query named another amount than the server's. */
  corrected?: boolean;
}

export function PaymentSummary({ children, amount, reference, status, interacEmail, corrected = false }: PaymentSummaryProps) {
  const { t, i18n } = useTranslation('checkout');
  const free = isFree(amount);
  const formatted = formatPrice(amount, i18n.language);
  const owing = isOwing(status, amount);
  return (
    <>
      <CheckoutCard id="summary-title" title={t('summary.title')} className="mt-8 rounded-xl border border-slate-200 p-6 shadow-sm">
        <dl className="mt-4 grid gap-3 sm:grid-cols-[12rem_1fr]">
          {children}
          {!free && (
            <>
              <dt className="font-semibold text-slate-700">{t('summary.amount')}</dt>
              <dd className="text-2xl font-bold" data-testid="checkout-amount">
                {formatted}
              </dd>
              <dt className="font-semibold text-slate-700">{t('summary.reference')}</dt>
              <dd className="font-mono text-lg font-semibold" data-testid="checkout-reference">
                {reference}
              </dd>
              <dt className="font-semibold text-slate-700">{t('summary.status')}</dt>
              <dd>
                <PaymentBadge status={status} amountDue={amount} size="md" />
              </dd>
            </>
          )}
        </dl>
        {free && (
          <p className="mt-4 rounded bg-green-50 p-3 font-semibold text-green-900" data-testid="checkout-free">
            {t('summary.free')}
          </p>
        )}
        {!free && status === 'expired' && (
          <p role="note" className="mt-4 text-sm text-slate-800">
            {t('summary.expired')}
          </p>
        )}
        {corrected && (
          <p role="note" className="mt-4 text-sm text-slate-700">
            {t('summary.corrected')}
          </p>
        )}
      </CheckoutCard>
      {owing && (
        <CheckoutCard id="interac-title" title={t('interac.title')} className="mt-6 rounded-xl border border-brand-600 bg-brand-50 p-6">
          <ol className="mt-3 list-decimal space-y-1 pl-5">
            <li>{t('interac.step1', { email: interacEmail })}</li>
            <li>{t('interac.step2', { amount: formatted })}</li>
            <li>{t('interac.step3', { reference })}</li>
          </ol>
          <p className="mt-3 text-sm text-slate-700">{t('interac.after')}</p>
        </CheckoutCard>
      )}
      <p className="mt-6">
        <Link to="/my-registrations" className="font-semibold text-lake-600 underline">
          {t('myRegistrations')}
        </Link>
      </p>
    </>
  );
}
