import { Loading } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { useTitle } from '../../../lib/use-title';
import { useOrganiserRole } from '../../accounts';
import { useBalance, usePayoutMethod } from '../api/money';
import { BalanceCards } from '../components/balance-cards';
import { LedgerSection } from '../components/ledger-section';
import { PayoutMethodPanel } from '../components/payout-method-panel';
import { PayoutsList } from '../components/payouts-list';
import { RequestPayoutForm } from '../components/request-payout-form';
import { StatementsPanel } from '../components/statements-panel';

/**
 * Money (docs/product.md#balances, #payouts): the organisation's balance per currency, the
 * owner's payout request and payout method, the payouts made, the ledger with its CSV, and
 * the monthly statements. Admins see everything but cannot move money or change the method.
 */
export default function MoneyPage() {
  useTitle('Money');
  const { role } = useOrganiserRole();
  const isOwner = role === 'owner';
  const balance = useBalance();
  const method = usePayoutMethod();

  let balances;
  if (balance.isPending) balances = <Loading />;
  else if (balance.isError) {
    balances = <ErrorState message={errorMessage(balance.error)} onRetry={() => void balance.refetch()} />;
  } else if (balance.data.length === 0) {
    balances = (
      <EmptyState title="No money yet">
        When buyers pay for your tickets, your share shows here: pending until the event is over, then available to pay
        out.
      </EmptyState>
    );
  } else balances = <BalanceCards balances={balance.data} />;

  let payoutPanels;
  if (method.isPending) payoutPanels = <Loading />;
  else if (method.isError) {
    payoutPanels = <ErrorState message={errorMessage(method.error)} onRetry={() => void method.refetch()} />;
  } else {
    payoutPanels = (
      <>
        {isOwner && balance.data && balance.data.length > 0 && (
          <RequestPayoutForm balances={balance.data} method={method.data} />
        )}
        <PayoutMethodPanel state={method.data} isOwner={isOwner} />
      </>
    );
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Money</h1>
        <p className="mt-1 text-slate-600">
          What your sales earned, what Tikiti kept as fees, and what was paid to you.
        </p>
      </div>
      <section aria-label="Balance">{balances}</section>
      {payoutPanels}
      <PayoutsList />
      <LedgerSection />
      <StatementsPanel />
    </div>
  );
}
