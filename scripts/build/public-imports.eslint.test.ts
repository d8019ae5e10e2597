// eslint.config.js draws the certificate's line as the code is written (public-imports.ts checks the
// built route graph): public code reaches pdf-lib only through a dynamic import of the PDF module
// from "my registration", and the PDF module loads pdf-lib only on demand.
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: resolve('.') });

/** The boundaries errors ESLint reports for `code` as if it were the file at `path`. */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(path) });
  return result.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

const MY_REGISTRATION = 'src/features/registrations/MyRegistrationPage.tsx';

describe('lint: the certificate PDF and pdf-lib in public code', () => {
  it('lets my registration load the PDF module on demand, and read its types', async () => {
    expect(await boundaryErrors(MY_REGISTRATION, "export const pdf = () => import('../../data/certificate-pdf.ts');\n")).toEqual([]);
    expect(
      await boundaryErrors(MY_REGISTRATION, "import type { certificatePdf } from '../../data/certificate-pdf.ts';\nexport type F = typeof certificatePdf;\n"),
    ).toEqual([]);
  });

  it('refuses my registration importing it statically (its start would carry pdf-lib)', async () => {
    expect(await boundaryErrors(MY_REGISTRATION, "import { loadLogo } from '../../data/certificate-pdf.ts';\nexport const l = loadLogo;\n")).toHaveLength(1);
  });

  it('refuses any other public module, even on demand (a helper next to the page too)', async () => {
    const lazy = "export const pdf = () => import('../../data/certificate-pdf.ts');\n";
    expect(await boundaryErrors('src/features/registrations/certificate-download.ts', lazy)).toHaveLength(1);
    expect(await boundaryErrors('src/features/payments/CheckoutPage.tsx', lazy)).toHaveLength(1);
    expect(await boundaryErrors('src/data/registration-record.ts', "export const pdf = () => import('./certificate-pdf.ts');\n")).toHaveLength(1);
  });

  it('lets the back office import it as it likes', async () => {
    expect(
      await boundaryErrors(
        'src/features/certificates/admin/issue-certificate.ts',
        "import { certificatePdf } from '../../../data/certificate-pdf.ts';\nexport const c = certificatePdf;\n",
      ),
    ).toEqual([]);
  });

  it('lets the PDF module load pdf-lib on demand only, and no other public module at all', async () => {
    expect(
      await boundaryErrors('src/data/certificate-pdf.ts', "export const lib = () => import('pdf-lib');\nexport type { PDFFont } from 'pdf-lib';\n"),
    ).toEqual([]);
    expect(await boundaryErrors('src/data/certificate-pdf.ts', "import { PDFDocument } from 'pdf-lib';\nexport const d = PDFDocument;\n")).toHaveLength(1);
    expect(await boundaryErrors(MY_REGISTRATION, "export const lib = () => import('pdf-lib');\n")).toHaveLength(1);
    expect(await boundaryErrors('src/data/registration-record.ts', "export const lib = () => import('pdf-lib');\n")).toHaveLength(1);
  });
});
