import { useState } from 'react';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { downloadStatement } from '../api/money';

/** The month before today's, as YYYY-MM: the last complete statement. */
export function lastMonth(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Monthly statements (docs/product.md#balances): a month's PDF or CSV. */
export function StatementsPanel() {
  const [month, setMonth] = useState(lastMonth);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const download = async (format: 'pdf' | 'csv') => {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
      setError('Choose a month');
      return;
    }
    setError(undefined);
    setBusy(format);
    try {
      await downloadStatement(month, format);
    } catch (err) {
      showAlert('danger', errorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Panel
      title="Monthly statements"
      intro="Opening balance, every entry, the month's totals and the closing balance, per currency."
    >
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Month"
          type="month"
          value={month}
          max={lastMonth(new Date(Date.now() + 31 * 86_400_000))}
          error={error}
          className="sm:w-56"
          onChange={(e) => setMonth(e.target.value)}
        />
        <div className="flex gap-2 sm:pt-7">
          <Button variant="secondary" onClick={() => void download('pdf')} busy={busy === 'pdf'} busyText="Preparing…">
            <Download className="h-4 w-4" aria-hidden />
            PDF
          </Button>
          <Button variant="secondary" onClick={() => void download('csv')} busy={busy === 'csv'} busyText="Preparing…">
            <Download className="h-4 w-4" aria-hidden />
            CSV
          </Button>
        </div>
      </div>
    </Panel>
  );
}
