import { TextField } from './TextField';
import type { ValueFieldProps } from './Field';

/** The hours a waiting-list offer holds a place (2 to 336; blank = the default 48 h), as the
 * event form and the camp program form both ask it. Core checks the value. */
export function OfferHoursField(props: ValueFieldProps & { className?: string }) {
  return <TextField {...props} type="number" min={2} max={336} step={1} inputMode="numeric" />;
}

/** What the field sends: a whole number, null when blank, else the text as typed (core refuses it). */
export function offerHoursValue(raw: string): number | string | null {
  const text = raw.trim();
  return text === '' ? null : Number.isInteger(Number(text)) ? Number(text) : text;
}
