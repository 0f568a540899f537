// The Radix part of the toasts (see toast.tsx): provider, the current toast, the viewport.
import * as Toast from '@radix-ui/react-toast';
import { useTranslation } from 'react-i18next';
import { dismissToast, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, type ToastInput, type ToastState } from './toast';

const variantClass: Record<NonNullable<ToastInput['variant']>, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-brand-600 bg-brand-50 text-slate-900',
  error: 'border-red-700 bg-red-50 text-red-950',
};

/** Radix Toast with the one current toast; lazily loaded by `<Toaster />`. */
export default function ToastView({ shown }: { shown: ToastState }) {
  const { t } = useTranslation();
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={t('toast.label')}
    >
      <Toast.Root
          key={shown.id}
          open={shown.open}
          onOpenChange={(open) => {
            if (!open) dismissToast();
          }}
          type={shown.variant === 'error' ? 'foreground' : 'background'}
          data-variant={shown.variant ?? 'default'}
          className={`toast-root flex items-start gap-3 rounded-lg border-l-4 p-4 shadow-lg ${variantClass[shown.variant ?? 'default']}`}
        >
          <div className="flex-1">
            <Toast.Title className="font-semibold">{shown.title}</Toast.Title>
            {shown.description && <Toast.Description className="mt-1 text-sm">{shown.description}</Toast.Description>}
          </div>
          <Toast.Close className="rounded px-2 text-lg leading-none" aria-label={t('toast.close')}>
            <span aria-hidden="true">×</span>
          </Toast.Close>
      </Toast.Root>
      <Toast.Viewport
        label={t('toast.viewportLabel')}
        className="fixed bottom-0 right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none"
      />
    </Toast.Provider>
  );
}
