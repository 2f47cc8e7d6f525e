import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { createI18n } from '../../i18n/create-i18n';
import common from '../../i18n/locales/en/common.json';
import { I18nProvider } from '../../i18n/runtime';
import { useModal } from './modal-context';
import { RouteModal } from './route-modal';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A form that has been typed into: its modal must ask before closing. */
function DirtyForm() {
  const modal = useModal();
  useEffect(() => modal?.setUnsaved(true), [modal]);
  return <input aria-label="Email" defaultValue="ann@example.com" />;
}

function setup() {
  const onClosed = vi.fn();
  // The browser's question, which must never be asked (it would answer "close anyway").
  const confirm = vi.fn(() => true);
  vi.stubGlobal('confirm', confirm);
  Object.defineProperty(window, 'confirm', { value: confirm, configurable: true, writable: true });
  render(
    <I18nProvider i18n={createI18n('en', { common })}>
      <RouteModal name="sign-up-steps" options={{ title: 'Sign up', onClosed }}>
        <DirtyForm />
      </RouteModal>
    </I18nProvider>,
  );
  return { onClosed, confirm };
}

describe('leaving a modal with unsaved changes (docs/player-app.md#modals)', () => {
  it('asks in the app’s own dialog, never the browser’s confirm; Keep editing (the first focus) stays', async () => {
    const { onClosed, confirm } = setup();
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    fireEvent.click(close);

    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(question).toHaveAttribute('aria-modal', 'true');
    expect(confirm).not.toHaveBeenCalled();
    const keep = screen.getByRole('button', { name: 'Keep editing' });
    await waitFor(() => expect(keep).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Close and lose changes' })).toHaveClass('btn--danger');

    fireEvent.click(keep);
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Sign up' })).toBeInTheDocument();
    // The focus goes back to where it was in the form's dialog.
    await waitFor(() => expect(close).toHaveFocus());
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('Escape on the question keeps the form; Close and lose changes leaves', async () => {
    const { onClosed } = setup();
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Sign up' }), { key: 'Escape' });
    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    fireEvent.keyDown(question, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close and lose changes' }));
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClosed).toHaveBeenCalledTimes(1);
  });
});
