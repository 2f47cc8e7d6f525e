import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { RouteAnnouncer } from './route-announcer';

afterEach(cleanup);

function Page({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <>
      <title>{title}</title>
      <h1>{title}</h1>
      {children}
    </>
  );
}

/** A layout as the site's: the routed page in #main, the announcer beside it. */
function mount(first = '/') {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <main id="main" tabIndex={-1}>
              <Outlet />
            </main>
            <RouteAnnouncer />
          </>
        ),
        children: [
          {
            path: '/',
            element: (
              <Page title="Home">
                <Link to="/pokies">Pokies</Link>
              </Page>
            ),
          },
          { path: '/pokies', element: <Page title="Pokies · Croupier" /> },
          { path: '/bare', element: <p>No heading here</p> },
          { path: '/sign-in', handle: { popup: true }, element: <p role="dialog">Sign in</p> },
        ],
      },
    ],
    { initialEntries: [first] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const announced = () => screen.getByTestId('route-announcer');

describe('focus and announcement after a client navigation', () => {
  it('moves the focus to the new page’s heading and reads its title politely; the first page is left alone', async () => {
    const router = mount();
    await screen.findByRole('heading', { name: 'Home' });
    expect(document.activeElement).toBe(document.body);
    expect(announced()).toHaveTextContent('');
    expect(announced()).toHaveAttribute('aria-live', 'polite');

    screen.getByRole('link', { name: 'Pokies' }).focus();
    await act(() => router.navigate('/pokies'));
    const heading = await screen.findByRole('heading', { name: 'Pokies · Croupier' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(announced()).toHaveTextContent('Pokies · Croupier');

    // No heading: the main region takes the focus.
    await act(() => router.navigate('/bare'));
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('main')));
  });

  it('leaves the focus to a popup’s dialog, and to the page’s own controls when only the query changes', async () => {
    const router = mount();
    await act(() => router.navigate('/pokies'));
    const heading = await screen.findByRole('heading', { name: 'Pokies · Croupier' });
    await waitFor(() => expect(document.activeElement).toBe(heading));

    const control = document.createElement('button');
    document.body.append(control);
    control.focus();
    await act(() => router.navigate('/pokies?page=2'));
    expect(document.activeElement).toBe(control);
    await act(() => router.navigate('/sign-in'));
    expect(document.activeElement).toBe(control);
    // Closing the popup back to a page: its dialog returns the focus to the opener.
    await act(() => router.navigate('/pokies'));
    expect(document.activeElement).toBe(control);
    control.remove();
  });

  it('a popup opened as the first page that closes home counts as a new page', async () => {
    const router = mount('/sign-in');
    await screen.findByRole('dialog');
    await act(() => router.navigate('/', { replace: true }));
    const heading = await screen.findByRole('heading', { name: 'Home' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(announced()).toHaveTextContent('Home');
  });
});
