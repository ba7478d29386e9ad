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
        '-mb-px shrink-0 whitespace-nowrap border-b-2 border-transparent px-4 py-2.5 text-sm font-semibold text-slate-600 hover:text-ink focus-visible:outline-offset-[-2px]',
        'data-[state=active]:border-brand-700 data-[state=active]:text-brand-700',
        className,
      )}
      {...rest}
    />
  );
}

export function TabsContent({ className, ...rest }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content className={clsx('mt-6 rounded-lg focus-visible:outline-offset-4', className)} {...rest} />
  );
}

/** Tabs drawn as pills that wrap onto a second line on narrow screens (many short tabs). */
export function PillTabsList({ className, ...rest }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={clsx('flex flex-wrap gap-2', className)} {...rest} />;
}

export function PillTabsTrigger({ className, ...rest }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={clsx(
        'rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50',
        'data-[state=active]:border-brand-700 data-[state=active]:bg-brand-700 data-[state=active]:text-white',
        className,
      )}
      {...rest}
    />
  );
}
