// The Paiements tab's reconciliation: paste Interac notifications or the bank's CSV statement
// (or choose the file: it is read as text and sent the same way), 'Lire les virements', then
// the table of lines with the exact matches checked; 'Confirmer les paiements (n)' marks those
// paid. Nothing is marked paid before that click. The server reads and matches (core's rules);
// an unreadable text gets the server's message under the field.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/mutations';
import { Button } from '../../components/Button';
import { TextArea } from '../../components/form/TextArea';
import { useConfirmPayments, useReconcile } from './mutations';
import type { ReconcileLine } from './queries';
import { confirmItems, initialSelection } from './reconcile';
import { ReconcileTable } from './ReconcileTable';
import { SubmitButton } from '../../components/form/FormActions';

/** The server's message for an unreadable text; `fallback` when it sent only a bare code. */
function readError(error: unknown, fallback: string): string {
  const field = error instanceof ApiError ? error.fieldErrors?.text : undefined;
  if (field && !/^[a-z0-9_]+$/.test(field)) return field;
  return errorText(error, fallback);
}

export function ReconcilePanel() {
  const { t } = useTranslation('admin', { keyPrefix: 'payments' });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [fileNote, setFileNote] = useState<string | null>(null);
  const [lines, setLines] = useState<ReconcileLine[] | null>(null);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const reconcile = useReconcile({
    onSuccess: (read) => {
      setLines(read);
      setSelected(initialSelection(read));
    },
    onError: (e) => setError(readError(e, t('reconcile.unreadable'))),
  });
  const confirm = useConfirmPayments({
    onSuccess: () => {
      setLines(null);
      setSelected(new Set());
    },
  });
  const items = lines ? confirmItems(lines, selected) : [];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text.trim() === '') {
      setError(t('reconcile.required'));
      return;
    }
    setError(undefined);
    setLines(null);
    reconcile.mutate(text);
  };
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      setText(await file.text());
      setError(undefined);
      setFileNote(t('reconcile.fileLoaded', { name: file.name }));
    } catch {
      setFileNote(null);
      setError(t('reconcile.fileError'));
    }
  };
  const toggle = (index: number, checked: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (checked) next.add(index);
      else next.delete(index);
      return next;
    });

  return (
    <section aria-labelledby="reconcile-title" className="rounded-xl border border-slate-200 p-5">
      <h3 id="reconcile-title" className="text-lg font-semibold">
        {t('reconcile.title')}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t('reconcile.intro')}</p>
      <form noValidate onSubmit={submit} className="mt-4 space-y-4" aria-busy={reconcile.isPending}>
        <TextArea
          name="text"
          label={t('reconcile.text')}
          rows={8}
          value={text}
          onValueChange={(value) => {
            setText(value);
            setError(undefined);
          }}
          error={error}
          spellCheck={false}
        />
        <div>
          <label htmlFor="reconcile-file" className="block text-sm font-medium text-slate-800">
            {t('reconcile.file')}
          </label>
          <input
            id="reconcile-file"
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(e) => void onFile(e.target.files?.[0])}
            className="mt-1 block min-h-11 w-full text-sm file:mr-3 file:min-h-11 file:rounded file:border file:border-brand-700 file:bg-white file:px-3 file:font-semibold file:text-brand-800"
          />
          <p role="status" className="mt-1 min-h-5 text-sm text-slate-700">
            {fileNote}
          </p>
        </div>
        <SubmitButton pending={reconcile.isPending} label={t('reconcile.read')} pendingLabel={t('reconcile.reading')} />
      </form>
      {lines && (
        <div className="mt-6" data-testid="reconcile-results">
          <p role="status" className="font-medium">
            {lines.length === 0 ? t('reconcile.noLines') : t('reconcile.results', { count: lines.length })}
          </p>
          {lines.length > 0 && (
            <>
              <ReconcileTable lines={lines} selected={selected} onToggle={toggle} disabled={confirm.isPending} />
              <Button
                variant="primary"
                className="mt-4"
                disabled={items.length === 0 || confirm.isPending}
                onClick={() => confirm.mutate(items)}
              >
                {confirm.isPending ? t('reconcile.confirming') : t('reconcile.confirm', { count: items.length })}
              </Button>
            </>
          )}
        </div>
      )}
    </section>
  );
}
