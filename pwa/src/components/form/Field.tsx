// What every widget of the form kit shares: the label (with the required mark), the hint and the
// error under the field, and the ids and ARIA attributes that tie them to the control.
import { useId, type ReactNode } from 'react';

/** The props every text-like widget takes (TextField, TextArea, Select): `form.field(name)` gives all but the label. */
export interface ValueFieldProps {
  name: string;
  /** Translated label; every field has one. */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Translated error message, shown under the field and announced. */
  error?: string;
  /** Translated help text under the field. */
  hint?: string;
}

/** The control's own props: its id, name, value, change handler and ARIA wiring. */
export function controlProps(wiring: FieldWiring, { name, value, onValueChange }: Pick<ValueFieldProps, 'name' | 'value' | 'onValueChange'>) {
  return {
    ...wiring.aria,
    id: wiring.id,
    name,
    value,
    onChange: (event: { target: { value: string } }) => onValueChange(event.target.value),
  };
}

interface FieldWiring {
  id: string;
  hintId: string | undefined;
  errorId: string | undefined;
  /** Spread on the control: required, invalid, and described by the error then the hint. */
  aria: {
    'aria-required': true | undefined;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  };
}

export function useFieldWiring({ hint, error, required }: { hint?: string; error?: string; required?: boolean }): FieldWiring {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return {
    id,
    hintId,
    errorId,
    aria: {
      'aria-required': required || undefined,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
    },
  };
}

/** The field's label, with ' *' (not read aloud) when it is required. */
function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800">
      {label}
      {required && <span aria-hidden="true" className="text-red-700"> *</span>}
    </label>
  );
}

/** The hint, then the error (announced), under the field. */
export function FieldNotes({
  wiring,
  hint,
  error,
  hintClassName = 'mt-1 text-sm text-slate-600',
}: {
  wiring: FieldWiring;
  hint?: string;
  error?: string;
  hintClassName?: string;
}) {
  return (
    <>
      {hint && (
        <p id={wiring.hintId} className={hintClassName}>
          {hint}
        </p>
      )}
      {error && (
        <p id={wiring.errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

/** A text-like field's frame: the label above the control, the hint and the error under it. */
export function FieldFrame({
  wiring,
  label,
  required,
  hint,
  error,
  className,
  children,
}: {
  wiring: FieldWiring;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <FieldLabel htmlFor={wiring.id} label={label} required={required} />
      {children}
      <FieldNotes wiring={wiring} hint={hint} error={error} />
    </div>
  );
}
