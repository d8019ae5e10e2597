import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { adminModulesOnPublicRoutes, firebaseOnPublicStarts, reachable } from './public-imports.ts';

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
});
