import type { ReactNode, SelectHTMLAttributes } from 'react';
import { controlProps, FieldFrame, useFieldWiring, type ValueFieldProps } from './Field';

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'name'>, ValueFieldProps {
  /** Extra classes of the select itself (a larger tap target, say); `className` is the wrapper's. */
  selectClassName?: string;
  /** The `<option>`s. */
  children: ReactNode;
}

/** A labelled select with TextField's pattern: the error under it, linked and announced. */
export function Select({ name, label, value, onValueChange, error, hint, required, className, selectClassName, children, ...rest }: SelectProps) {
  const wiring = useFieldWiring({ hint, error, required });
  return (
    <FieldFrame wiring={wiring} label={label} required={required} hint={hint} error={error} className={className}>
      <select
        {...rest}
        {...controlProps(wiring, { name, value, onValueChange })}
        className={`mt-1 block w-full rounded border bg-white px-3 py-2 ${selectClassName ?? ''} ${error ? 'border-red-700' : 'border-slate-400'}`}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
