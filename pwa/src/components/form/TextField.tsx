import { useId, type InputHTMLAttributes } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  name: string;
  /** Translated label; every input has one. */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Translated error message, shown under the field and announced. */
  error?: string;
  /** Translated help text under the field. */
  hint?: string;
  /** Extra classes of the input itself (a larger tap target, say); `className` is the wrapper's. */
  inputClassName?: string;
}

/** A labelled input whose error sits under it, is linked by aria-describedby and announced. */
export function TextField({ name, label, value, onValueChange, error, hint, required, className, inputClassName, ...rest }: TextFieldProps) {
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
      <input
        {...rest}
        id={id}
        name={name}
        value={value}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onValueChange(event.target.value)}
        className={`mt-1 block w-full rounded border px-3 py-2 ${inputClassName ?? ''} ${error ? 'border-red-700' : 'border-slate-400'}`}
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
