// Invoice numbers exactly as firestore.rules builds them (invoiceNumber()): the configured prefix
// and the sequence padded to four digits, so the client and the rules always agree on the id.

export function formatInvoiceNumber(prefix: string, sequence: number): string {
  return `${prefix}${String(sequence).padStart(4, '0')}`;
}

/** The sequence the next invoice takes: one after the counter, or the configured start for the first. */
export function nextInvoiceSequence(counterLast: number | null | undefined, startNumber: number): number {
  return typeof counterLast === 'number' ? counterLast + 1 : startNumber;
}
