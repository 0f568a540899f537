import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import i18n from '../../i18n';
import { DayField } from './DayField';

/** A form holding one day, showing what it holds, with a reset as a form's would do. */
function Holder() {
  const [day, setDay] = useState('2027-05-20');
  return (
    <>
      <DayField name="birth" label="Date de naissance" value={day} onValueChange={setDay} />
      <output>{day}</output>
      <button type="button" onClick={() => setDay('')}>
        Vider
      </button>
    </>
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});
afterEach(cleanup);

describe('a day typed the French way', () => {
  it('shows the held day dd/MM/yyyy and hands the form the ISO day of what is typed', () => {
    render(<Holder />);
    const input = screen.getByLabelText('Date de naissance') as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.value).toBe('20/05/2027');
    expect(input.placeholder).toBe('jj/mm/aaaa');
    fireEvent.change(input, { target: { value: '03/11/2019' } });
    expect(screen.getByRole('status').textContent).toBe('2019-11-03');
    // A phone's number pad gives digits only; leaving the field writes them back as read.
    fireEvent.change(input, { target: { value: '01022020' } });
    fireEvent.blur(input);
    expect(input.value).toBe('01/02/2020');
    expect(screen.getByRole('status').textContent).toBe('2020-02-01');
  });

  it('says a text that is no day once left, not while typing, and holds the text for the form to refuse', () => {
    render(<Holder />);
    const input = screen.getByLabelText('Date de naissance');
    fireEvent.change(input, { target: { value: '31/02/2020' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('31/02/2020');
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe('Date invalide : écrivez-la jj/mm/aaaa.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('follows the form when it is emptied from outside', () => {
    render(<Holder />);
    fireEvent.click(screen.getByRole('button', { name: 'Vider' }));
    expect((screen.getByLabelText('Date de naissance') as HTMLInputElement).value).toBe('');
  });

  it('speaks English in English', async () => {
    await i18n.changeLanguage('en');
    render(<Holder />);
    const input = screen.getByLabelText('Date de naissance') as HTMLInputElement;
    expect(input.placeholder).toBe('dd/mm/yyyy');
    fireEvent.change(input, { target: { value: '12/13/2020' } });
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe('Invalid date: write it dd/mm/yyyy.');
  });
});
