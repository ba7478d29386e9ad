import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SalesDay } from '@tikiti/contract';
import { countOf, formatMoney } from '../../../lib/format';

const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * Tickets sold per Nairobi day (Recharts). Loaded with React.lazy by the orders page only, so
 * Recharts stays out of every other page's JavaScript.
 */
export default function SalesChart({ days, currency }: { days: SalesDay[]; currency: string }) {
  return (
    <div
      className="h-64 w-full"
      role="img"
      aria-label={`Tickets sold per day, ${countOf(days.length, 'day')} with sales`}
    >
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 256 }}>
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#E2E8F0" />
          <XAxis dataKey="day" tickFormatter={dayLabel} tick={{ fontSize: 12, fill: '#475569' }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#475569' }} />
          <Tooltip
            labelFormatter={(day) => dayLabel(String(day))}
            formatter={(value, _name, item) => [
              `${String(value)} tickets · ${formatMoney((item.payload as SalesDay).gross, currency)}`,
              'Sold',
            ]}
          />
          <Bar dataKey="tickets" fill="#0F766E" radius={[4, 4, 0, 0]} maxBarSize={48} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
