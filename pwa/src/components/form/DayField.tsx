// A day typed the French way, dd/MM/yyyy, whatever the browser's locale: a text field, not the
// browser's date input, whose format and calendar follow the browser (mm/dd/yyyy in an English
// Chrome). The form holds the ISO day ('2027-05-20') once the text reads as one; until then it
// holds the text as typed, so the form's own check (core's) says it is not a date. A text left
// that does not read as a day says so at once ('Date invalide : écrivez-la jj/mm/aaaa.').
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayInputValue, parseDayInput } from '../../lib/dates';
import { TextField } from './TextField';

type DayFieldProps = Omit<Parameters<typeof TextField>[0], 'type' | 'inputMode' | 'placeholder'>;

export function DayField({ value, onValueChange, onBlur, error, ...rest }: DayFieldProps) {
  const { t } = useTranslation('common');
  const [text, setText] = useState(() => dayInputValue(value) || value);
  // What the form was last told; a different value comes from outside (a reset, a loaded row).
  const [told, setTold] = useState(value);
  // Whether to say the text is not a day: once the field is left, not while typing.
  const [left, setLeft] = useState(false);
  if (value !== told) {
    setTold(value);
    setText(dayInputValue(value) || value);
  }
  return (
    <TextField
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('dayField.placeholder')}
      value={text}
      error={error ?? (left && text.trim() !== '' && !parseDayInput(text) ? t('dayField.invalid') : undefined)}
      onValueChange={(typed) => {
        const day = parseDayInput(typed) ?? typed;
        setLeft(false);
        setText(typed);
        setTold(day);
        onValueChange(day);
      }}
      onBlur={(event) => {
        // Written back the way it was read: '20052027' becomes '20/05/2027'.
        const day = parseDayInput(text);
        if (day) setText(dayInputValue(day));
        setLeft(true);
        onBlur?.(event);
      }}
    />
  );
}
