import type { TextareaHTMLAttributes } from 'react';
import { controlProps, FieldFrame, useFieldWiring, type ValueFieldProps } from './Field';

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'name'> & ValueFieldProps;

/** A labelled textarea with TextField's pattern: the error under it, linked and announced. */
export function TextArea({ name, label, value, onValueChange, error, hint, required, rows = 4, className, ...rest }: TextAreaProps) {
  const wiring = useFieldWiring({ hint, error, required });
  return (
    <FieldFrame wiring={wiring} label={label} required={required} hint={hint} error={error} className={className}>
      <textarea
        {...rest}
        {...controlProps(wiring, { name, value, onValueChange })}
        rows={rows}
        className={`mt-1 block w-full rounded border px-3 py-2 ${error ? 'border-red-700' : 'border-slate-400'}`}
      />
    </FieldFrame>
  );
}
