import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { I18nProvider } from '../../i18n/runtime';
import common from '../../i18n/locales/en/common.json';
import { createI18n } from '../../i18n/create-i18n';
import { Dialog } from './dialog';

const i18n = createI18n('en', { common });

afterEach(cleanup);

function setup(onClose = vi.fn()) {
  const opener = document.createElement('button');
  opener.textContent = 'open';
  document.body.append(opener);
  opener.focus();
  const view = render(
    <I18nProvider i18n={i18n}>
      <Dialog title="Sign in" onClose={onClose}>
        <input aria-label="Email" />
        <button type="button">Submit</button>
      </Dialog>
    </I18nProvider>,
  );
  return { onClose, opener, ...view };
}

describe('Dialog', () => {
  it('is an aria-modal dialog labelled by its title, with focus moved inside', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Sign in' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('skips a control marked data-no-autofocus (a Back that closes the flow) and waits for the first real field', async () => {
    const rects = vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
    function Flow() {
      const [loaded, setLoaded] = useState(false);
      return (
        <Dialog title="Deposit" onClose={vi.fn()}>
          <button type="button" data-no-autofocus onClick={() => undefined}>
            Back
          </button>
          {loaded ? <input aria-label="Amount" /> : <span data-testid="loading" onClick={() => setLoaded(true)} />}
        </Dialog>
      );
    }
    render(
      <I18nProvider i18n={i18n}>
        <Flow />
      </I18nProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Deposit' });
    expect(dialog).toHaveFocus();
    fireEvent.click(screen.getByTestId('loading'));
    expect(await screen.findByLabelText('Amount')).toHaveFocus();
    rects.mockRestore();
  });

  it('reports Escape, the close button and overlay clicks', () => {
    const { onClose, container } = setup();
    fireEvent.keyDown(screen.getByLabelText('Email'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.mouseDown(container.querySelector('.modal-overlay')!);
    fireEvent.mouseDown(screen.getByRole('dialog'));
    expect(onClose.mock.calls.map((c) => c[0])).toEqual(['escape', 'button', 'overlay']);
  });

  it('restores focus to the opener when it closes', () => {
    const { opener, unmount } = setup();
    unmount();
    expect(opener).toHaveFocus();
    opener.remove();
  });

  it('a dialog opened over another (through a portal) keeps Tab and Escape to itself and gives focus back', () => {
    // The test DOM lays nothing out: count every element as visible so the trap sees them.
    const rects = vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
    const outerClose = vi.fn();
    const innerClose = vi.fn();
    function Outer() {
      const [open, setOpen] = useState(false);
      return (
        <Dialog title="Deposit" onClose={outerClose}>
          <button type="button" onClick={() => setOpen(true)}>
            Choose
          </button>
          {open &&
            createPortal(
              <Dialog
                title="Choose a coin"
                onClose={(reason) => {
                  innerClose(reason);
                  setOpen(false);
                }}
              >
                <button type="button">BTC</button>
                <button type="button">ETH</button>
              </Dialog>,
              document.body,
            )}
        </Dialog>
      );
    }
    render(
      <I18nProvider i18n={i18n}>
        <Outer />
      </I18nProvider>,
    );
    const opener = screen.getByRole('button', { name: 'Choose' });
    opener.focus();
    fireEvent.click(opener);
    const inner = screen.getByRole('dialog', { name: 'Choose a coin' });
    expect(within(inner).getByRole('button', { name: 'BTC' })).toHaveFocus();
    const eth = within(inner).getByRole('button', { name: 'ETH' });
    eth.focus();
    fireEvent.keyDown(eth, { key: 'Tab' });
    expect(within(inner).getByRole('button', { name: 'Close' })).toHaveFocus();
    fireEvent.keyDown(within(inner).getByRole('button', { name: 'Close' }), { key: 'Tab', shiftKey: true });
    expect(eth).toHaveFocus();

    fireEvent.keyDown(eth, { key: 'Escape' });
    expect(innerClose).toHaveBeenCalledWith('escape');
    expect(outerClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Choose a coin' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Deposit' })).toBeInTheDocument();
    expect(opener).toHaveFocus();
    rects.mockRestore();
  });
});
