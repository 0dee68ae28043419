import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, FormEventHandler, ReactNode } from 'react';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={clsx('rounded-xl border border-line bg-surface shadow-card', className)} {...props} />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={clsx('space-y-1 px-5 pt-5 sm:px-6 sm:pt-6', className)} {...props} />;
}

/** A card's heading, with the icon of what the card holds before it where one is given. */
export function CardTitle({
  className,
  icon: Icon,
  children,
  ...props
}: ComponentProps<'h2'> & { icon?: LucideIcon }) {
  return (
    <h2
      className={clsx('text-lg font-semibold text-ink', Icon && 'flex items-center gap-2', className)}
      {...props}
    >
      {Icon && <Icon className="size-5 text-brand-600" aria-hidden="true" />}
      {children}
    </h2>
  );
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={clsx('text-sm text-ink-muted', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={clsx('px-5 py-5 sm:px-6', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={clsx(
        'flex flex-wrap items-center justify-end gap-3 border-t border-line px-5 py-4 sm:px-6',
        className,
      )}
      {...props}
    />
  );
}

export interface FormCardProps extends Omit<ComponentProps<'div'>, 'title' | 'onSubmit'> {
  title: ReactNode;
  /** What the form is for. */
  description: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's button(s), at the bottom. */
  footer: ReactNode;
  formClassName?: string;
  contentClassName?: string;
}

/** A card that is one form (a setting, an action): its title and what it is for, its fields, its button. */
export function FormCard({
  title,
  description,
  onSubmit,
  footer,
  formClassName,
  contentClassName,
  children,
  ...props
}: FormCardProps) {
  return (
    <Card {...props}>
      <form onSubmit={onSubmit} noValidate className={formClassName}>
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className={contentClassName}>{children}</CardContent>
        <CardFooter>{footer}</CardFooter>
      </form>
    </Card>
  );
}
