import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/create-i18n';
import common from '../../../i18n/locales/en/common.json';
import verificationEn from '../../../i18n/locales/en/verification.json';
import { I18nProvider } from '../../../i18n/runtime';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import type { PlayerDocument } from '../api/get-documents';
import { VerificationPage } from './verification-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const doc = (over: Partial<PlayerDocument> = {}): PlayerDocument => ({
  id: 1,
  description: null,
  document_type: 'identity',
  status: 'not_approved',
  rejection_reason: null,
  created_at: '2026-11-20T18:00:00Z',
  updated_at: '2026-11-20T18:00:00Z',
  file_name: 'passport.jpg',
  content_type: 'image/jpeg',
  size_bytes: 250_000,
  ...over,
});

/** XMLHttpRequest as the upload uses it: the test answers each request by hand. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function renderPage(api: Partial<ApiClient>, verified = false) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={api as ApiClient}>
        <I18nProvider i18n={createI18n('en', { common, verification: verificationEn })}>
          <VerificationPage verified={verified} locale="en" />
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
}

function chooseFile(name = 'passport.pdf', type = 'application/pdf') {
  const file = new File(['%PDF-1.4'], name, { type });
  const input = screen.getByLabelText('File');
  fireEvent.change(input, { target: { files: [file] } });
  return file;
}

describe('the verification page', () => {
  it('shows that the player is not verified yet, lists documents with their state and the rejection reason, and deletes only a waiting one', async () => {
    const get = vi.fn().mockResolvedValue([
      doc({
        id: 3,
        document_type: 'address',
        status: 'rejected',
        rejection_reason: 'The bill is older than 3 months',
        file_name: 'bill.pdf',
      }),
      doc({ id: 2, document_type: 'identity', status: 'approved', file_name: 'id-card.png' }),
      doc({ id: 1, description: 'Back side', file_name: 'passport.jpg' }),
    ]);
    const del = vi.fn().mockResolvedValue(null);
    renderPage({ get, delete: del });
    expect(screen.getByRole('heading', { name: 'Your account is not verified yet' })).toBeTruthy();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Rejected')).toBeTruthy();
    expect(within(items[0]!).getByText('Reason: The bill is older than 3 months')).toBeTruthy();
    expect(within(items[1]!).getByText('Approved')).toBeTruthy();
    expect(within(items[2]!).getByText('Waiting for review')).toBeTruthy();
    expect(within(items[2]!).getByText('Back side')).toBeTruthy();
    expect(within(items[2]!).getByRole('link', { name: 'passport.jpg' }).getAttribute('href')).toBe(
      '/api/player/documents/1/file',
    );
    // Reviewed documents are the operator's record: no delete button.
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(within(items[1]!).queryByRole('button')).toBeNull();
    expect(within(items[2]!).getByRole('button', { name: 'Delete passport.jpg' })).toHaveClass('btn--danger-outline');
    fireEvent.click(within(items[2]!).getByRole('button', { name: 'Delete passport.jpg' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/player/documents/1'));
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
  });

  it('says when the player is verified', async () => {
    renderPage({ get: vi.fn().mockResolvedValue([]) }, true);
    expect(screen.getByRole('heading', { name: 'Your account is verified' })).toBeTruthy();
    expect(await screen.findByText('You have not uploaded any documents yet.')).toBeTruthy();
  });

  it('uploads the chosen file with its type and description as a multipart form, shows progress, then reloads the list', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.last = null;
    const get = vi.fn().mockResolvedValue([]);
    renderPage({ get });
    await screen.findByText('You have not uploaded any documents yet.');
    expect(screen.getByLabelText('File').getAttribute('accept')).toContain('application/pdf');
    // The app's own controls, not the browser's unstyled ones; the file says what it accepts.
    expect(screen.getByLabelText('Type of document')).toHaveClass('select');
    expect(screen.getByLabelText('Description (optional)')).toHaveClass('input');
    expect(screen.getByLabelText('File')).toHaveClass('file-input');
    expect(screen.getByLabelText('File')).toHaveAccessibleDescription(/PDF/);
    fireEvent.change(screen.getByLabelText('Type of document'), { target: { value: 'address' } });
    fireEvent.change(screen.getByLabelText('Description (optional)'), { target: { value: 'Electricity bill' } });
    const file = chooseFile('bill.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/player/documents');
    expect(xhr.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(xhr.body!.get('document[attachment]')).toBeInstanceOf(File);
    expect((xhr.body!.get('document[attachment]') as File).name).toBe(file.name);
    expect(xhr.body!.get('document[document_type]')).toBe('address');
    expect(xhr.body!.get('document[description]')).toBe('Electricity bill');
    // Busy while it goes: the button says so and cannot be pressed twice.
    const busy = await screen.findByRole('button', { name: 'Uploading…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    expect(screen.getByText('Uploading: 40 %')).toBeTruthy();
    act(() => xhr.answer(201, doc({ id: 9, file_name: 'bill.pdf', document_type: 'address' })));
    expect(await screen.findByText('bill.pdf was uploaded. We will review it soon.')).toBeTruthy();
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('button', { name: 'Upload' })).toBeTruthy();
  });

  it('shows the server’s refusal in words, and asks for a file before sending anything', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.last = null;
    renderPage({ get: vi.fn().mockResolvedValue([]) });
    await screen.findByText('You have not uploaded any documents yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a file to upload.');
    expect(FakeXhr.last).toBeNull();

    chooseFile('selfie.jpg', 'image/jpeg');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() =>
      FakeXhr.last!.answer(422, {
        code: 'document_type_not_allowed',
        error: 'Only photos (JPEG, PNG, WebP, HEIC) and PDF files are accepted.',
        document: ['document_type_not_allowed Only photos'],
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This file type is not accepted. Upload a photo (JPEG, PNG, WebP, HEIC) or a PDF.',
    );
  });

  it('shows why a delete was refused', async () => {
    const del = vi
      .fn()
      .mockRejectedValue(new ApiError(422, { code: 'document_locked', error: 'x' }, '/api/player/documents/1'));
    renderPage({ get: vi.fn().mockResolvedValue([doc()]), delete: del });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete passport.jpg' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A document that was already reviewed cannot be deleted.',
    );
  });
});
