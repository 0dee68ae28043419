import { TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/lib/paths';

function RouteErrorScreen() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh items-center justify-center p-4">
      <EmptyState
        className="w-full max-w-lg"
        icon={TriangleAlert}
        title={t('errorPage.title')}
        description={t('errorPage.body')}
        action={
          <div className="flex flex-wrap justify-center gap-3">
            <Button onClick={() => window.location.reload()}>{t('errorPage.reload')}</Button>
            <a href={paths.dashboard} className={buttonClasses({ variant: 'outline' })}>
              {t('errorPage.home')}
            </a>
          </div>
        }
      />
    </div>
  );
}

interface Props {
  /** Changing it (the path) clears a shown error. */
  resetKey: string;
  children: ReactNode;
}

/**
 * Catches a page that throws or whose chunk cannot be fetched (typically after a new release while the
 * tab was open, or offline): reloading fetches the current files.
 */
export class RouteErrorBoundary extends Component<Props, { failedAt: string | null }> {
  override state = { failedAt: null as string | null };

  static getDerivedStateFromError(): Partial<{ failedAt: string | null }> {
    return { failedAt: '' };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed', error, info.componentStack);
    this.setState({ failedAt: this.props.resetKey });
  }

  override render() {
    const { failedAt } = this.state;
    if (failedAt !== null && (failedAt === '' || failedAt === this.props.resetKey))
      return <RouteErrorScreen />;
    return this.props.children;
  }
}
