// The one form pattern (see src/api/README.md): values and errors in one hook; validation on
// submit (a form's rules come from core-wasm through src/core/ once they are there); a 422's
// fieldErrors from the server land on the same fields; focus moves to the first invalid field.
import { useCallback, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;
type Values = Record<string, string | boolean>;
/** The names of a form's fields that hold a value of type V. */
type KeysOf<T, V> = { [K in keyof T & string]: T[K] extends V ? K : never }[keyof T & string];

/** What `field(name)` gives a TextField, TextArea or Select: `<TextField label=… {...form.field('email')} />`. */
interface FieldProps {
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
}

/** What `checkbox(name)` gives a Checkbox. */
interface CheckboxFieldProps {
  name: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error: string | undefined;
}

interface UseFormOptions<T extends Values> {
  initial: T;
  /** Returns translated messages per field; empty when valid. May be async (core-wasm loads lazily). */
  validate?: (values: T) => FieldErrors<T> | Promise<FieldErrors<T>>;
  onSubmit: (values: T) => void | Promise<void>;
}

export function useForm<T extends Values>({ initial, validate, onSubmit }: UseFormOptions<T>) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors<T>>({});

  const setValue = useCallback(<K extends keyof T & string>(name: K, value: T[K]) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    // The message of a field being corrected goes away as soon as it changes.
    setErrors((previous) => {
      if (!previous[name]) return previous;
      const next = { ...previous };
      delete next[name];
      return next;
    });
  }, []);

  /** Puts a 422's field errors on the fields; returns false when the error was not one. */
  const setServerErrors = useCallback((error: unknown): boolean => {
    if (!(error instanceof ApiError) || !error.fieldErrors) return false;
    setErrors(error.fieldErrors as FieldErrors<T>);
    return Object.keys(error.fieldErrors).length > 0;
  }, []);

  const handleSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      const found: FieldErrors<T> = validate ? await validate(values) : {};
      const invalid = Object.keys(found).filter((key) => found[key as keyof T & string]);
      setErrors(found);
      if (invalid.length > 0) {
        focusFirstInvalid(form, invalid);
        return;
      }
      await onSubmit(values);
    },
    [onSubmit, validate, values],
  );

  const reset = useCallback(
    (next?: T) => {
      setValues(next ?? initial);
      setErrors({});
    },
    [initial],
  );

  /** The props that bind a text field (TextField, TextArea, Select) to `name`. */
  const field = <K extends KeysOf<T, string>>(name: K): FieldProps => ({
    name,
    value: values[name] as string,
    onValueChange: (value) => setValue(name, value as T[K]),
    error: errors[name],
  });

  /** The props that bind a Checkbox to the boolean `name`. */
  const checkbox = <K extends KeysOf<T, boolean>>(name: K): CheckboxFieldProps => ({
    name,
    checked: values[name] as boolean,
    onCheckedChange: (checked) => setValue(name, checked as T[K]),
    error: errors[name],
  });

  return { values, errors, setValue, setErrors, setServerErrors, handleSubmit, reset, field, checkbox };
}

function focusFirstInvalid(form: HTMLFormElement, names: string[]) {
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && names.includes(name)) {
      (element as HTMLElement).focus();
      return;
    }
  }
}
