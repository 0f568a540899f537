import { useId, type TextareaHTMLAttributes } from 'react';

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  name: string;
  /** Translated label; every textarea has one. */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Translated error message, shown under the field and announced. */
  error?: string;
  /** Translated help text under the field. */
  hint?: string;
}

/** A labelled textarea with TextField's pattern: the error under it, linked and announced. */
export function TextArea({ name, label, value, onValueChange, error, hint, required, rows = 4, className, ...rest }: TextAreaProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required && <span aria-hidden="true" className="text-red-700"> *</span>}
      </label>
      <textarea
        {...rest}
        id={id}
        name={name}
        rows={rows}
        value={value}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onValueChange(e.target.value)}
        className={`mt-1 block w-full rounded border px-3 py-2 ${error ? 'border-red-700' : 'border-slate-400'}`}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
