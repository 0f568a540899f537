import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from '../../api/client';
import { Checkbox } from './Checkbox';
import { Select } from './Select';
import { TextArea } from './TextArea';
import { TextField } from './TextField';
import { useForm } from './useForm';

function Demo({ onSubmit, serverError }: { onSubmit: (v: { first: string; email: string }) => void; serverError?: ApiError }) {
  const form = useForm({
    initial: { first: '', email: '' },
    validate: (v) => (v.first ? {} : { first: 'Le prénom du responsable est requis' }),
    onSubmit: (v) => {
      if (serverError) form.setServerErrors(serverError);
      else onSubmit(v);
    },
  });
  return (
    <form onSubmit={(e) => void form.handleSubmit(e)} noValidate>
      <TextField name="email" label="Courriel" value={form.values.email} onValueChange={(v) => form.setValue('email', v)} error={form.errors.email} />
      <TextField name="first" label="Prénom" required value={form.values.first} onValueChange={(v) => form.setValue('first', v)} error={form.errors.first} />
      <button type="submit">Envoyer</button>
    </form>
  );
}

afterEach(cleanup);

describe('the form pattern', () => {
  it('shows the error under the field, linked, invalid, announced and focused', async () => {
    const onSubmit = vi.fn();
    render(<Demo onSubmit={onSubmit} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    });
    const input = screen.getByLabelText(/Prénom/);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Le prénom du responsable est requis');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(document.activeElement).toBe(input);
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: 'Camille' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    });
    expect(onSubmit).toHaveBeenCalledWith({ first: 'Camille', email: '' });
  });

  it("puts a 422's field errors from the server on the same fields", async () => {
    const error = new ApiError(422, 'Email invalide', 'email_invalid', { email: 'Email invalide' });
    render(<Demo onSubmit={vi.fn()} serverError={error} />);
    fireEvent.change(screen.getByLabelText(/Prénom/), { target: { value: 'Camille' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Email invalide');
    expect(screen.getByLabelText('Courriel').getAttribute('aria-invalid')).toBe('true');
  });
});

function Kit({ onSubmit }: { onSubmit: (v: { note: string; size: string; swim: boolean }) => void }) {
  const form = useForm({
    initial: { note: '', size: '', swim: false },
    validate: (v) => ({ ...(v.note ? {} : { note: 'La note est requise' }), ...(v.size ? {} : { size: 'Choisissez une taille' }) }),
    onSubmit,
  });
  return (
    <form onSubmit={(e) => void form.handleSubmit(e)} noValidate>
      <TextArea {...form.field('note')} label="Note" required />
      <Select {...form.field('size')} label="Taille" required hint="Une seule">
        <option value="">—</option>
        <option value="m">M</option>
      </Select>
      <Checkbox {...form.checkbox('swim')} label="Sait nager" hint="Sans aide" />
      <button type="submit">Envoyer</button>
    </form>
  );
}

describe('the form kit bound with field() and checkbox()', () => {
  it('labels every widget and links its error and hint', async () => {
    const onSubmit = vi.fn();
    render(<Kit onSubmit={onSubmit} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    });
    const note = screen.getByRole('textbox', { name: /Note/ });
    const size = screen.getByRole('combobox', { name: /Taille/ });
    const swim = screen.getByRole('checkbox', { name: 'Sait nager' });
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(note.getAttribute('aria-describedby') ?? '')?.textContent).toBe('La note est requise');
    expect(size.getAttribute('aria-invalid')).toBe('true');
    const [sizeError, sizeHint] = (size.getAttribute('aria-describedby') ?? '').split(' ');
    expect(document.getElementById(sizeError ?? '')?.textContent).toBe('Choisissez une taille');
    expect(document.getElementById(sizeHint ?? '')?.textContent).toBe('Une seule');
    expect(document.getElementById(swim.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Sans aide');
    expect(document.activeElement).toBe(note);

    fireEvent.change(note, { target: { value: 'Allergie' } });
    fireEvent.change(size, { target: { value: 'm' } });
    fireEvent.click(swim);
    expect(note.getAttribute('aria-invalid')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    });
    expect(onSubmit).toHaveBeenCalledWith({ note: 'Allergie', size: 'm', swim: true });
  });
});
