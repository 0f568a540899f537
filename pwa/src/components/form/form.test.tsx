import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from '../../api/client';
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
