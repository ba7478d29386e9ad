import { useState } from 'react';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { downloadMyData } from '../api/my-data';

/** My data: a copy of everything held about the person, as a ZIP of JSON and CSV files. */
export function CopyPanel() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadMyData();
    } catch (err) {
      showAlert('danger', errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel
      title="Download your data"
      intro="Your account, bookings, tickets, delegates, answers, the emails we sent you, your news choices and your sign-ins, in one ZIP file of spreadsheets (CSV) and JSON."
    >
      <Button variant="secondary" className="mt-4" busy={busy} busyText="Preparing..." onClick={() => void download()}>
        <Download className="h-4 w-4" aria-hidden />
        Download my data
      </Button>
    </Panel>
  );
}
