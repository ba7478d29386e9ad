/**
 * Phone numbers (docs/product.md#what-tikiti-does-and-for-whom). They are kept in one form, `+`
 * and digits, so "0712 345 678", "254712345678" and "+254 712-345-678" are the same person; a
 * leading 0 (or a bare 9-digit number) is read as a Kenyan number. They are shown in one form
 * too: `+254 712 345 678`.
 */
export function normaliseMsisdn(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (/^0\d{9}$/.test(digits)) digits = `254${digits.slice(1)}`;
  else if (/^[17]\d{8}$/.test(digits)) digits = `254${digits}`;
  return `+${digits}`;
}

/**
 * A phone number as people read it: a Kenyan one as `+254 712 345 678`; another country's as `+`
 * and its digits, since where its country code ends is not known here; text without digits as it came.
 */
export function formatPhone(raw: string): string {
  if (!/\d/.test(raw)) return raw;
  const plain = normaliseMsisdn(raw).slice(1);
  const kenyan = /^254(\d{3})(\d{3})(\d{3})$/.exec(plain);
  if (kenyan) return `+254 ${kenyan[1]} ${kenyan[2]} ${kenyan[3]}`;
  return `+${plain}`;
}
