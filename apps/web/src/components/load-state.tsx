import { RefreshCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/errors';
import { notify } from '@/lib/toast';

// A list or a page on its way, or failed to load: the spinner, the failure with its retry, and the spec's toast
// (product/screens.md#toasts). Shared by the features that load lists.

/** Something on its way: the spinner says what is loading ('Loading games...'). */
export function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16 text-ink-muted">
      <Spinner size="lg" label={label} className="text-brand-600" />
    </div>
  );
}

export interface LoadErrorProps {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}

/** A load that failed: what failed, the server's reason when it gave one, and a retry. */
export function LoadError({ title, error, onRetry, retrying = false }: LoadErrorProps) {
  const { t } = useTranslation();
  const reason = errorText(error, '');
  return (
    <Alert role="alert" title={title} className="items-center">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {reason && <span>{reason}</span>}
        <Button variant="outline" size="sm" onClick={onRetry} loading={retrying} icon={RefreshCw}>
          {t('common.retry')}
        </Button>
      </div>
    </Alert>
  );
}

/** What a failure and its retry need of a query (TanStack's `useQuery` result). */
export interface RetryableQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** A query that failed: its own error, and a retry that fetches it again. */
export function QueryError({ title, query }: { title: string; query: RetryableQuery }) {
  return (
    <LoadError
      title={title}
      error={query.error}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}

/** A query on its way (`loading` says what) or failed (`failed` says what); nothing once it has its data. */
export function QueryState({
  query,
  loading,
  failed,
}: {
  query: RetryableQuery;
  loading: string;
  failed: string;
}) {
  if (query.isPending) return <Loading label={loading} />;
  if (query.isError) return <QueryError title={failed} query={query} />;
  return null;
}

/**
 * The spec's toast when a load fails, once per failure (`failedAt`: the query's errorUpdatedAt). Lists that
 * share an `id` share one toast: a server that is down says so once, not once per list.
 */
export function useFailureToast(error: unknown, failedAt: number, text: string, id?: string) {
  const shown = useRef(0);
  useEffect(() => {
    if (!error || failedAt === shown.current) return;
    shown.current = failedAt;
    notify.error(text, id === undefined ? undefined : { id });
  }, [error, failedAt, text, id]);
}
