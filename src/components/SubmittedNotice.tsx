import type { ReactNode } from 'react';
import { useReveal } from './use-reveal.ts';

/**
 * What a visitor sees after a form went through, focused. A record with a payment code shows that
 * code only: it is the one code people keep (to pay, at the door), while the record's reference stays
 * inside links. A record without one (a message, a pledge) shows its reference.
 */
export function SubmittedNotice({ title, reference, code, children }: { title: string; reference: string; code?: string; children?: ReactNode }) {
  const heading = useReveal<HTMLHeadingElement>();
  return (
    <div className="mt-8 rounded-lg border border-brand-600 bg-brand-50 p-6" data-reference={reference}>
      <h2 ref={heading} tabIndex={-1} className="outline-none">
        {title}
      </h2>
      <p className="mt-2">
        {code ? (
          <>
            Your payment code is <strong className="font-mono">{code}</strong>.{' '}
          </>
        ) : (
          <>
            Your reference is <strong className="font-mono">{reference}</strong>.{' '}
          </>
        )}
        {children}
      </p>
    </div>
  );
}
