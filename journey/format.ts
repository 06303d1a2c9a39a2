/** Display formatting for the journey. Pure. */

// Made on first use: building a NumberFormat loads the locale's data, the costliest step of the journey's start.
let dollars: Intl.NumberFormat | undefined;

/** $12,345 (whole dollars). */
export function formatDollars(value: number): string {
  dollars ??= new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', maximumFractionDigits: 0 });
  return dollars.format(Math.round(value));
}

/** Reads money the way people type it: "1,250", "$1250", " 1250.50 ". NaN when it is not a number. */
export function parseMoney(text: string): number {
  const cleaned = text.replace(/[\s$,]/g, '');
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** An entered amount as dollars when it reads as money, otherwise exactly as typed. */
export function formatEnteredMoney(text: string): string {
  const n = parseMoney(text);
  return Number.isNaN(n) ? text : formatDollars(n);
}

export function formatPercent(value: number): string {
  return `${value.toLocaleString('en-AU', { maximumFractionDigits: 2 })}%`;
}
