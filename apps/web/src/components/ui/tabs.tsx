import type { ComponentProps } from 'react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import clsx from 'clsx';

/** Accessible tabs (Radix): arrow keys move between triggers, each trigger owns a panel. */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...rest }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={clsx('flex gap-1 overflow-x-auto border-b border-slate-200 [scrollbar-width:none]', className)}
      {...rest}
    />
  );
}

export function TabsTrigger({ className, ...rest }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={clsx(
        '-mb-px shrink-0 whitespace-nowrap border-b-2 border-transparent px-4 py-2.5 text-sm font-semibold text-slate-600 hover:text-ink',
        'data-[state=active]:border-brand-700 data-[state=active]:text-brand-700',
        className,
      )}
      {...rest}
    />
  );
}

export function TabsContent({ className, ...rest }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={clsx('pt-6 focus-visible:outline-none', className)} {...rest} />;
}
