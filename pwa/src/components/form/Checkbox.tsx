import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldNotes, useFieldWiring } from './Field';

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'checked' | 'type' | 'value'> {
  name?: string;
  /** Translated label, the text beside the box or a card's content; every checkbox has one, or a `hiddenLabel`. */
  label?: ReactNode;
  /** A name for screen readers only (a table's row selector, say): `aria-label`, no text shown. */
  hiddenLabel?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The value sent with the form (a week's id, say). */
  value?: string;
  /** Translated error message, shown under the field and announced. */
  error?: string;
  /** Translated help text under the label. */
  hint?: string;
  /** Classes of the label, which holds the box and its text (the whole area can be tapped). */
  labelClassName?: string;
  /** Classes of the box itself; `className` is the wrapper's. */
  inputClassName?: string;
}

/** A checkbox inside its label, with TextField's pattern: hint and error under it, linked and announced. */
export function Checkbox({
  name,
  label,
  hiddenLabel,
  checked,
  onCheckedChange,
  error,
  hint,
  required,
  className,
  labelClassName = 'flex items-start gap-3',
  inputClassName = 'mt-1 h-5 w-5 accent-brand-700',
  ...rest
}: CheckboxProps) {
  const wiring = useFieldWiring({ hint, error, required });
  return (
    <div className={className}>
      <label className={labelClassName}>
        <input
          {...rest}
          {...wiring.aria}
          type="checkbox"
          name={name}
          checked={checked}
          aria-label={hiddenLabel}
          onChange={(event) => onCheckedChange(event.target.checked)}
          className={inputClassName}
        />
        {label}
      </label>
      <FieldNotes wiring={wiring} hint={hint} error={error} hintClassName="pl-8 text-sm text-slate-600" />
    </div>
  );
}
