import { LoadingStatus } from './loading-status';

/**
 * What a page shows while its data loads or after loading failed; nothing once it is there.
 * The page renders its content itself when status is 'success'.
 */
export function QueryStatus({ status, loading, failed }: { status: 'pending' | 'error' | 'success'; loading: string; failed: string }) {
  if (status === 'pending') return <LoadingStatus label={loading} />;
  if (status === 'error') {
    return (
      <p className="notice notice--error" role="alert">
        {failed}
      </p>
    );
  }
  return null;
}
