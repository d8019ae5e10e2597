// PLACEHOLDER on h/evaluations only: H-public writes the real module (pdf-lib). This stub has its
// signature so "my registration" type-checks; on merge, take H-public's file.
import type { Certificate } from './certificates.ts';

export async function loadLogo(_url: string): Promise<Uint8Array | null> {
  return null;
}

export async function certificatePdf(_cert: Certificate, _opts: { siteUrl: string; logo: Uint8Array | null }): Promise<Uint8Array> {
  throw new Error('certificate-pdf: not built on this branch');
}
