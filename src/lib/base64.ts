// Base64 for email attachments built in the browser (no Buffer there). Chunked, so a PDF of a few
// hundred kilobytes never overflows String.fromCharCode's argument limit.
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export const textToBase64 = (text: string) => bytesToBase64(new TextEncoder().encode(text));
