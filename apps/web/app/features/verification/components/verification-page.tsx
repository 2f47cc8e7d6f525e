import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { Locale } from '@croupier/shared/locales';
import { FileField, SelectField, TextAreaField } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { formatDate } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/runtime';
import { QUERY_KEYS } from '../../../lib/query-keys';
import { useRealtimeChannel } from '../../../lib/realtime';
import { useDeleteDocument } from '../api/delete-document';
import { useDocuments, type DocumentType, type PlayerDocument } from '../api/get-documents';
import { DOCUMENTS_KEY } from '../api/query-keys';
import { useUploadDocument } from '../api/upload-document';
import { ACCEPT, DOCUMENT_KINDS, fileSize, verificationErrorMessage } from '../lib/verification-logic';
import './verification.css';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * The page body of /users/verification (docs/verification.md): whether the player is verified,
 * the upload form, and their documents with each one's state.
 */
export function VerificationPage({ verified, locale }: { verified: boolean; locale: Locale }) {
  const { t } = useTranslation('verification');
  const queryClient = useQueryClient();
  // A review arrives on the player's channel: the list and the player's mark are read again.
  useRealtimeChannel('documents_changes', () => {
    void queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY });
    // The player object only (its `verified` mark), not every query kept under 'player'.
    void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.player, exact: true });
  });
  return (
    <section className="container page verification" aria-labelledby="verification-title">
      <h1 id="verification-title">{t('page.title')}</h1>
      <p>{t('page.intro')}</p>
      <div className={`card verification__status${verified ? ' verification__status--done' : ''}`} role="status">
        <h2>{verified ? t('status.verified_title') : t('status.unverified_title')}</h2>
        <p>{verified ? t('status.verified_text') : t('status.unverified_text')}</p>
      </div>
      <UploadForm />
      <DocumentList locale={locale} />
    </section>
  );
}

function UploadForm() {
  const { t, i18n } = useTranslation('verification');
  const ids = { hint: useId(), title: useId() };
  const fileRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [kind, setKind] = useState<DocumentType>('identity');
  const [description, setDescription] = useState('');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const upload = useUploadDocument(setProgress);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setDone(null);
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setError(t('errors.document_missing'));
      fileRef.current?.focus();
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, description, documentType: kind },
      {
        onSuccess: (document) => {
          setDone(t('upload.done', { name: document.file_name }));
          setDescription('');
          formRef.current?.reset();
        },
        onError: (failure) => setError(verificationErrorMessage(failure, i18n)),
      },
    );
  }

  const busy = upload.isPending;
  return (
    <form
      ref={formRef}
      className="card verification__form"
      aria-labelledby={ids.title}
      aria-busy={busy}
      onSubmit={submit}
      noValidate
    >
      <h2 id={ids.title}>{t('upload.title')}</h2>
      <p id={ids.hint}>{t('upload.hint')}</p>
      <SelectField
        name="kind"
        label={t('upload.kind')}
        value={kind}
        disabled={busy}
        onChange={(value) => setKind(value as DocumentType)}
        options={DOCUMENT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
      />
      <TextAreaField
        name="description"
        label={t('upload.description')}
        value={description}
        maxLength={500}
        rows={2}
        disabled={busy}
        onChange={setDescription}
      />
      <FileField
        name="document[attachment]"
        label={t('upload.file')}
        inputRef={fileRef}
        accept={ACCEPT}
        describedBy={ids.hint}
        disabled={busy}
        onChange={() => setError(null)}
      />
      <FormError message={error} />
      {busy ? (
        <p className="verification__progress">
          <label>
            {t('upload.uploading', { percent: Math.round(progress * 100) })}
            <progress max={1} value={progress} />
          </label>
        </p>
      ) : null}
      {done ? (
        <p className="verification__done" role="status">
          {done}
        </p>
      ) : null}
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {busy ? t('upload.busy') : t('upload.submit')}
      </button>
    </form>
  );
}

function DocumentList({ locale }: { locale: Locale }) {
  const { t, i18n } = useTranslation('verification');
  const documents = useDocuments();
  const remove = useDeleteDocument();
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  return (
    <section className="card verification__documents" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('list.title')}</h2>
      {documents.isPending ? (
        <p role="status">{t('list.loading')}</p>
      ) : documents.isError ? (
        <div>
          <FormError message={verificationErrorMessage(documents.error, i18n)} />
          <button type="button" className="btn btn--secondary" onClick={() => void documents.refetch()}>
            {t('list.retry')}
          </button>
        </div>
      ) : documents.data.length === 0 ? (
        <p>{t('list.empty')}</p>
      ) : (
        <ul className="verification__list">
          {documents.data.map((doc) => (
            <DocumentItem
              key={doc.id}
              doc={doc}
              locale={locale}
              deleting={remove.isPending && remove.variables === doc.id}
              onDelete={() => {
                setError(null);
                remove.mutate(doc.id, { onError: (failure) => setError(verificationErrorMessage(failure, i18n)) });
              }}
            />
          ))}
        </ul>
      )}
      <FormError message={error} />
    </section>
  );
}

function DocumentItem({
  doc,
  locale,
  deleting,
  onDelete,
}: {
  doc: PlayerDocument;
  locale: Locale;
  deleting: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation('verification');
  const titleId = useId();
  return (
    <li className="verification__item" aria-labelledby={titleId}>
      <div className="verification__item-head">
        <h3 id={titleId}>{t(`kinds.${doc.document_type}`)}</h3>
        <span className={`verification__badge verification__badge--${doc.status}`}>{t(`statuses.${doc.status}`)}</span>
      </div>
      <p className="verification__file">
        <a href={`/api/player/documents/${doc.id}/file`} target="_blank" rel="noopener noreferrer">
          {doc.file_name}
        </a>{' '}
        <span className="verification__meta">
          {fileSize(doc.size_bytes, locale)} · {formatDate(doc.created_at, locale, DATE_TIME)}
        </span>
      </p>
      {doc.description ? <p className="verification__description">{doc.description}</p> : null}
      {doc.status === 'rejected' && doc.rejection_reason ? (
        <p className="verification__reason">{t('list.reason', { reason: doc.rejection_reason })}</p>
      ) : null}
      {doc.status === 'not_approved' ? (
        <button
          type="button"
          className="btn btn--danger-outline btn--sm"
          disabled={deleting}
          aria-label={t('list.delete_named', { name: doc.file_name })}
          onClick={onDelete}
        >
          {deleting ? t('list.deleting') : t('list.delete')}
        </button>
      ) : null}
    </li>
  );
}
