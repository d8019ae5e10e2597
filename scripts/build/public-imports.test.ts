import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { adminModulesOnPublicRoutes, adminModulesReached, CERTIFICATE_DOOR, firebaseOnPublicStarts, reachable } from './public-imports.ts';

describe('public routes and admin-only code', () => {
  it('follows static and dynamic imports, and skips type-only ones', () => {
    const dir = mkdtempSync(join(tmpdir(), 'imports-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'page.tsx'), "import { a } from './a.ts';\nimport type { T } from './types.ts';\nexport const p = a;");
    writeFileSync(join(dir, 'a.ts'), "export const a = () => import('@tiptap/react');\nexport { b } from './b';");
    writeFileSync(join(dir, 'b.ts'), "import { getAuth } from 'firebase/auth';\nexport const b = getAuth;");
    const found = [...reachable(join(dir, 'page.tsx')).keys()];
    expect(found).toEqual(expect.arrayContaining([join(dir, 'a.ts'), join(dir, 'b.ts'), '@tiptap/react', 'firebase/auth']));
    expect(found).not.toContain(join(dir, 'types.ts'));
  });

  it('does not follow a dynamic import of a module loaded on submit, but follows a static one', () => {
    const page = resolve('src/data/visitor-submit.ts');
    expect([...reachable(page, new Set(['src/lib/visitor-auth.ts'])).keys()]).not.toContain('firebase/auth');
    expect([...reachable(page).keys()]).toContain('firebase/auth');
  });

  it('sees what a real public page loads, and what it loads only on demand', () => {
    const found = [...reachable(resolve('src/features/home/HomePage.tsx')).keys()];
    expect(found).toEqual(expect.arrayContaining([resolve('src/lib/db.ts'), resolve('src/lib/rest-reads.ts'), 'firebase/firestore/lite']));
    const atStart = [...reachable(resolve('src/features/home/HomePage.tsx'), new Set(), { staticOnly: true }).keys()];
    expect(atStart).toEqual(expect.arrayContaining([resolve('src/lib/db.ts'), resolve('src/lib/rest-reads.ts')]));
    expect(atStart).not.toContain('firebase/firestore/lite');
  });

  it('no public page loads a Firebase SDK when its app starts (public data is read over REST)', async () => {
    expect(await firebaseOnPublicStarts()).toEqual([]);
  });

  it('no public route reaches the Auth SDK (but sign-in), the editor, PDF, QR scanning or any admin module', async () => {
    expect(await adminModulesOnPublicRoutes()).toEqual([]);
  });

  describe('the certificate: pdf-lib only through my registration, on demand', () => {
    const fixture = (files: Record<string, string>) => {
      const dir = mkdtempSync(join(tmpdir(), 'door-'));
      onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
      const at = (name: string) => join(dir, name);
      return { at, door: { from: at('page.tsx'), to: at('pdf.ts') } };
    };
    const pdfModule = "export const build = async () => (await import('pdf-lib')).PDFDocument;\nexport const qr = () => import('qrcode');";

    it('allows a dynamic import of the PDF module from the page, which loads pdf-lib on demand', () => {
      const { at, door } = fixture({ 'page.tsx': "export const get = () => import('./pdf.ts');", 'pdf.ts': pdfModule });
      expect(adminModulesReached([{ id: 'my-registration', file: at('page.tsx') }], door)).toEqual([]);
    });

    it('flags the page importing it statically, so its start would carry it', () => {
      const { at, door } = fixture({ 'page.tsx': "import { build } from './pdf.ts';\nexport const b = build;", 'pdf.ts': pdfModule });
      expect(adminModulesReached([{ id: 'my-registration', file: at('page.tsx') }], door)).toEqual([
        expect.stringMatching(/^my-registration: .*page\.tsx → .*pdf\.ts$/),
        expect.stringMatching(/pdf\.ts → pdf-lib$/),
      ]);
    });

    it('flags any other public module loading it, even on demand, and any page reaching it through one', () => {
      const { at, door } = fixture({
        'page.tsx': "import { h } from './helper.ts';\nexport const x = h;",
        'helper.ts': "export const h = () => import('./pdf.ts');",
        'other.tsx': "export const get = () => import('./pdf.ts');",
        'pdf.ts': pdfModule,
      });
      const problems = adminModulesReached(
        [
          { id: 'my-registration', file: at('page.tsx') },
          { id: 'checkout/:id', file: at('other.tsx') },
        ],
        door,
      );
      expect(problems.some((p) => p.startsWith('my-registration:') && p.includes('helper.ts → ') && p.endsWith('pdf.ts'))).toBe(true);
      expect(problems.some((p) => p.startsWith('checkout/:id:') && p.endsWith('pdf.ts'))).toBe(true);
      expect(problems.some((p) => p.startsWith('checkout/:id:') && p.endsWith('pdf-lib'))).toBe(true);
    });

    it('flags another back-office package behind the door, and pdf-lib reached by any other module', () => {
      const { at, door } = fixture({
        'page.tsx': "export const get = () => import('./pdf.ts');\nexport const scan = () => import('./scan.ts');",
        'pdf.ts': "export const s = () => import('jsqr');\nexport const p = () => import('pdf-lib');",
        'scan.ts': "export const p = () => import('pdf-lib');",
      });
      const problems = adminModulesReached([{ id: 'my-registration', file: at('page.tsx') }], door);
      expect(problems).toHaveLength(2);
      expect(problems).toEqual(
        expect.arrayContaining([expect.stringMatching(/^my-registration: .*scan\.ts → pdf-lib$/), expect.stringMatching(/page\.tsx ⇢ .*pdf\.ts → jsqr$/)]),
      );
    });

    it('names the real page and module', () => {
      expect(CERTIFICATE_DOOR).toEqual({ from: 'src/features/registrations/MyRegistrationPage.tsx', to: 'src/data/certificate-pdf.ts' });
      expect([...reachable(resolve(CERTIFICATE_DOOR.to)).keys()]).toContain('pdf-lib');
    });
  });
});
