import { z } from 'zod';

/**
 * GET v1/client/statements/{YYYY-MM}.pdf and GET v1/client/statements/{YYYY-MM}.csv: the
 * organisation's monthly statement (a Nairobi calendar month): per currency the opening
 * balance, every entry of the month, the totals (sales, fees, VAT on fees, refunds, payouts,
 * adjustments) and the closing balance. A month with nothing is a statement saying so.
 */
export const STATEMENT_FILE = /^(\d{4}-(?:0[1-9]|1[0-2]))\.(pdf|csv)$/;

export const statementParamsSchema = z.object({
  file: z
    .string()
    .regex(STATEMENT_FILE, 'Use the form YYYY-MM.pdf or YYYY-MM.csv')
    .transform((f) => {
      const [, month, format] = STATEMENT_FILE.exec(f)!;
      return { month: month!, format: format as 'pdf' | 'csv' };
    }),
});
export type StatementParams = z.infer<typeof statementParamsSchema>;
