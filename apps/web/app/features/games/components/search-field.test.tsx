import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render-with-providers';
import { SearchField } from './search-field';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SearchField', () => {
  it('searches 300 ms after the last keystroke, once', () => {
    const onSearch = vi.fn();
    renderWithProviders(<SearchField onSearch={onSearch} />, { api: {} });
    const input = screen.getByRole('searchbox', { name: 'Search games' });

    fireEvent.change(input, { target: { value: 'a' } });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    fireEvent.change(input, { target: { value: 'au' } });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    fireEvent.change(input, { target: { value: 'aur ' } });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(onSearch).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('aur');
  });

  it('searches at once on submit', () => {
    const onSearch = vi.fn();
    renderWithProviders(<SearchField onSearch={onSearch} />, { api: {} });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'pegasus' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(onSearch).toHaveBeenCalledWith('pegasus');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('follows an outside change of the value (back button), not its own echo', () => {
    const onSearch = vi.fn();
    function Harness() {
      const [value, setValue] = useState('aur');
      return (
        <>
          <button type="button" onClick={() => setValue('peg')}>
            back
          </button>
          <SearchField
            value={value}
            onSearch={(q) => {
              onSearch(q);
              setValue(q);
            }}
          />
        </>
      );
    }
    renderWithProviders(<Harness />, { api: {} });
    const input = screen.getByRole('searchbox') as HTMLInputElement;
    expect(input.value).toBe('aur');

    fireEvent.change(input, { target: { value: 'aurora ' } });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(onSearch).toHaveBeenLastCalledWith('aurora');
    expect(input.value).toBe('aurora ');

    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    expect(input.value).toBe('peg');
  });

  it('is a GET form to the localised search page when used outside it (header)', () => {
    renderWithProviders(<SearchField />, { api: {}, url: '/ja/pokies/all' });
    expect(screen.getByRole('search')).toHaveAttribute('action', '/ja/search');
    expect(screen.getByRole('searchbox')).toHaveAttribute('name', 'q');
  });
});
