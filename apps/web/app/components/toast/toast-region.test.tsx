import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/create-i18n';
import common from '../../i18n/locales/en/common.json';
import { I18nProvider } from '../../i18n/runtime';
import { ToastRegion } from './toast-region';
import { toasts } from './toast-store';

afterEach(() => {
  act(() => toasts.getState().forEach((toast) => toasts.remove(toast.id)));
  cleanup();
});

describe('the toast region', () => {
  it('announces through live regions that wrap lists: no list carries an alert role', () => {
    render(
      <I18nProvider i18n={createI18n('en', { common })}>
        <ToastRegion />
      </I18nProvider>,
    );
    act(() => {
      toasts.add({ text: 'Saved', type: 'success' });
      toasts.add({ text: 'Session expired', type: 'error' });
    });
    const polite = screen.getByRole('status');
    const assertive = screen.getByRole('alert');
    expect(polite).toHaveAttribute('aria-live', 'polite');
    expect(assertive).toHaveAttribute('aria-live', 'assertive');
    expect(within(within(polite).getByRole('list')).getByRole('listitem')).toHaveTextContent('Saved');
    expect(within(within(assertive).getByRole('list')).getByRole('listitem')).toHaveTextContent('Session expired');
    for (const list of screen.getAllByRole('list', { hidden: true })) expect(list).not.toHaveAttribute('role');
  });
});
