/** Green for a gain, red for a loss, the text's colour for zero (a theme palette path for sx). */
export function profitColor(amount: string | null | undefined): string | undefined {
  if (!amount) return undefined;
  const trimmed = amount.trim();
  if (/^-/.test(trimmed) && /[1-9]/.test(trimmed)) return 'error.main';
  if (/[1-9]/.test(trimmed)) return 'success.main';
  return undefined;
}
