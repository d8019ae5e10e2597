import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useReveal } from './use-reveal.ts';

/** What a visitor sees after a form went through: focused, with their payment code (when the record has one) and reference. */
export function SubmittedNotice({
  title,
  reference,
  code,
  checkout,
  children,
}: {
  title: string;
  reference: string;
  code?: string;
  checkout?: boolean;
  children?: ReactNode;
}) {
  const heading = useReveal<HTMLHeadingElement>();
  return (
    <div className="mt-8 rounded-lg border border-brand-600 bg-brand-50 p-6">
      <h2 ref={heading} tabIndex={-1} className="outline-none">
        {title}
      </h2>
      <p className="mt-2">
        {code ? (
          <>
            Your payment code is <strong className="font-mono">{code}</strong> (reference{' '}
            <span className="font-mono" data-reference>
              {reference}
            </span>
            ).{' '}
          </>
        ) : (
          <>
            Your reference is{' '}
            <strong className="font-mono" data-reference>
              {reference}
            </strong>
            .{' '}
          </>
        )}
        {children}
      </p>
      {checkout && (
        <Link className="btn-primary mt-4" to={`/checkout/${reference}`}>
          Continue to checkout
        </Link>
      )}
    </div>
  );
}
