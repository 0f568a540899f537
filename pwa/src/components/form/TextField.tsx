import type { InputHTMLAttributes } from 'react';
import { controlProps, FieldFrame, useFieldWiring, type ValueFieldProps } from './Field';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'>, ValueFieldProps {
  /** Extra classes of the input itself (a larger tap target, say); `className` is the wrapper's. */
  inputClassName?: string;
}

/** A labelled input whose error sits under it, is linked by aria-describedby and announced. */
export function TextField({ name, label, value, onValueChange, error, hint, required, className, inputClassName, ...rest }: TextFieldProps) {
  const wiring = useFieldWiring({ hint, error, required });
  return (
    <FieldFrame wiring={wiring} label={label} required={required} hint={hint} error={error} className={className}>
      <input
        {...rest}
        {...controlProps(wiring, { name, value, onValueChange })}
        className={`mt-1 block w-full rounded border px-3 py-2 ${inputClassName ?? ''} ${error ? 'border-red-700' : 'border-slate-400'}`}
      />
    </FieldFrame>
  );
}
