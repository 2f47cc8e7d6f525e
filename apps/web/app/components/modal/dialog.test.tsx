import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
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
});
