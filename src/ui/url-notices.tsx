import { Trans } from '@lingui/react/macro';

/** Tells which URL parameters were dropped and why (a bad value never crashes a view). */
export function UrlNotices({ notices, onDismiss }: { notices: readonly string[]; onDismiss: () => void }) {
  if (notices.length === 0) return null;
  return (
    <div className="notice" role="status">
      {notices.map((n, i) => (
        <p key={`${i}-${n}`}>{n}</p>
      ))}
      <button type="button" onClick={onDismiss}>
        <Trans>Dismiss</Trans>
      </button>
    </div>
  );
}
