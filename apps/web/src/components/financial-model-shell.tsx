import { clsx } from 'clsx';
import { Coins, Handshake } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export interface FinancialModelShellProps {
  /** Virtual coins (true) or a commission share. */
  coins: boolean;
  title: string;
  /** The model's name, on its badge. */
  model: string;
  /** What the screen says of it: the share or the coins, and what that means. */
  children: ReactNode;
  className?: string;
}

/**
 * How an agent pays the house (product/money.md#financial-models), as the dashboard and the settings show it:
 * the model's name and icon in its colour, then the screen's own words.
 */
export function FinancialModelShell({ coins, title, model, children, className }: FinancialModelShellProps) {
  const Icon = coins ? Coins : Handshake;
  return (
    <Card className={className}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <CardTitle>{title}</CardTitle>
        <Badge tone={coins ? 'coin' : 'brand'}>{model}</Badge>
      </CardHeader>
      <CardContent className="flex items-start gap-4">
        <span
          className={clsx(
            'flex size-11 shrink-0 items-center justify-center rounded-xl',
            coins ? 'bg-coin-50 text-coin-800' : 'bg-brand-50 text-brand-600',
          )}
        >
          <Icon className="size-5" aria-hidden="true" />
        </span>
        {children}
      </CardContent>
    </Card>
  );
}
