import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { json, renderPage } from '../../../test/render';
import { Toaster } from '../../../components/toast';
import { AbsenceNoticeButton } from './AbsenceNoticeButton';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Renders the button with a stubbed API whose POST answers `post`; returns the POSTs sent. */
async function renderButton(lastDay: string, post: () => Response) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        sent.push([path, JSON.parse(String(init.body))]);
        return post();
      }
      return json(200, null);
    }),
  );
  await renderPage(
    <>
      <AbsenceNoticeButton id={12} child="Léa Roy" lastDay={lastDay} />
      <Toaster />
    </>,
  );
  return sent;
}

async function report(day: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Signaler une absence' }));
  const dialog = await screen.findByRole('dialog', { name: 'Absence de Léa Roy' });
  await act(async () => {
    fireEvent.change(within(dialog).getByLabelText("Jour d'absence"), { target: { value: day } });
    fireEvent.click(within(dialog).getByRole('button', { name: "Signaler l'absence" }));
  });
  return dialog;
}

describe("a parent's absence notice", () => {
  it('sends the day typed the French way and says it is reported', async () => {
    const sent = await renderButton('2999-07-11', () => json(201, { registrationId: 12, day: '2999-07-09', recordedAt: '2999-07-01T12:00:00Z' }));
    await report('09/07/2999');
    expect(sent).toEqual([['/api/user/day-camp-registrations/12/absences', { day: '2999-07-09' }]]);
    expect(await screen.findByText(/^Absence signalée pour le .*9 juillet 2999$/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("puts the server's refusal under the day", async () => {
    const message = "Ce jour ne fait pas partie de la semaine de camp de l'enfant.";
    await renderButton('2999-07-11', () => json(422, { code: 'validation_failed', message: 'x', fieldErrors: { day: message } }));
    const dialog = await report('20/07/2999');
    expect(await within(dialog).findByText(message)).toBeTruthy();
  });

  it('is not offered once the weeks are over', async () => {
    await renderButton('2001-07-13', () => json(500, null));
    expect(screen.queryByRole('button', { name: 'Signaler une absence' })).toBeNull();
  });
});
