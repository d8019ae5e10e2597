import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUTHORIZATION_DOC, authorizationDoc } from './authorization-doc.ts';

describe('docs/authorization.md', () => {
  it('is what the access table says (npm run docs:authorization writes it)', () => {
    expect(readFileSync(AUTHORIZATION_DOC, 'utf8')).toBe(authorizationDoc());
  });

  it('shows each capability per role and each operation per subject', () => {
    const doc = authorizationDoc();
    expect(doc).toContain('| `users` | add, change and remove staff | yes |  |  |  | update staff |');
    expect(doc).toContain('| `reviews` | score the abstracts assigned to them, or declare a conflict | yes |  |  | yes | create reviews |');
    expect(doc).toContain('| `blindAbstracts` | reviewers | reviewers | admin | admin | admin |');
    expect(doc).toContain('| `payments` | finance | finance | verified address | finance | admin |');
  });
});
