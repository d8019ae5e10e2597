// /certificates/:id, where a certificate's QR code leads: anyone (a regulator, an employer) sees
// whether it is valid or revoked, for whom, which activity and how many points, and nothing else
// of the attendee's. One read of the public projection (certificate-check.ts), made in the browser
// every time: the page is never prerendered (its address has a parameter), so what it says is
// always the database's word at the moment, never a copy from the last build.
import type { ReactNode } from 'react';
import { Link, useParams, type MetaFunction } from 'react-router';
import { formatDate } from '../../components/format.ts';
import { LoadingLine } from '../../components/LoadingLine.tsx';
import { pageMeta } from '../../components/page-meta.ts';
import type { CertificateCheck } from '../../data/certificates.ts';
import { pointsLabel, verifyPath } from '../../data/certificates.ts';
import { isCertificateId, useCertificateCheck } from './certificate-check.ts';

// One person's certificate: not for search engines.
export const meta: MetaFunction = () => pageMeta('Certificate check', 'Whether a CPD certificate of attendance is valid.', { index: false });

function Details({ check }: { check: CertificateCheck }) {
  return (
    <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 [&_dd]:break-words">
      <dt className="text-slate-600">Certificate number</dt>
      <dd className="font-mono break-all">{check.id}</dd>
      <dt className="text-slate-600">Issued to</dt>
      <dd className="font-semibold">{check.fullName}</dd>
      <dt className="text-slate-600">Activity</dt>
      <dd>{check.activityName}</dd>
      <dt className="text-slate-600">Accrediting body</dt>
      <dd>{check.accreditingBody}</dd>
      <dt className="text-slate-600">Provider number</dt>
      <dd>{check.providerNumber}</dd>
      <dt className="text-slate-600">CPD points</dt>
      <dd>{pointsLabel(check.points)}</dd>
      <dt className="text-slate-600">Issued on</dt>
      <dd>{formatDate(check.issuedAt)}</dd>
    </dl>
  );
}

/** The verdict: its heading says it in words (a mark and a colour only repeat it). */
function Verdict({ tone, mark, title, children }: { tone: 'valid' | 'revoked'; mark: string; title: string; children: ReactNode }) {
  const colours = tone === 'valid' ? 'border-green-700 bg-green-50' : 'border-red-700 bg-red-50';
  return (
    <section aria-labelledby="verdict" className={`mt-6 rounded-lg border-2 p-5 ${colours}`}>
      <h2 id="verdict" className={`flex items-center gap-2 ${tone === 'valid' ? 'text-green-900' : 'text-red-900'}`}>
        <span aria-hidden="true">{mark}</span>
        {title}
      </h2>
      {children}
    </section>
  );
}

function NotFound({ id }: { id: string }) {
  return (
    <section aria-labelledby="verdict" className="mt-6 rounded-lg border-2 border-slate-300 p-5">
      <h2 id="verdict">Certificate not found</h2>
      <p className="mt-2">
        No certificate has the number <span className="font-mono break-all">{id}</span>. Check the address against the QR code or the address printed on the
        certificate: a certificate that cannot be found here is not one the summit issued.
      </p>
    </section>
  );
}

export default function VerifyCertificatePage() {
  const { id = '' } = useParams();
  const wellFormed = isCertificateId(id);
  const check = useCertificateCheck(id);

  let outcome: ReactNode;
  if (!wellFormed) outcome = <NotFound id={id} />;
  else if (check.isPending) outcome = <LoadingLine className="mt-6">Checking the certificate…</LoadingLine>;
  else if (check.isError)
    outcome = (
      <div role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
        <p>We could not check this certificate just now. Check your connection and try again.</p>
        <button type="button" className="btn-secondary mt-3" onClick={() => check.refetch()} disabled={check.isFetching}>
          {check.isFetching ? 'Trying again…' : 'Try again'}
        </button>
      </div>
    );
  else if (!check.data) outcome = <NotFound id={id} />;
  else if (check.data.status === 'valid')
    outcome = (
      <Verdict tone="valid" mark="✓" title="Valid certificate">
        <p className="mt-2">This certificate of attendance was issued by the summit&rsquo;s organisers and has not been revoked.</p>
        <Details check={check.data} />
      </Verdict>
    );
  else
    outcome = (
      <Verdict tone="revoked" mark="✗" title="Revoked certificate">
        <p className="mt-2">
          This certificate was revoked{check.data.revokedAt ? ` on ${formatDate(check.data.revokedAt)}` : ''} and is no longer valid.
          {check.data.replacedBy && (
            <>
              {' '}
              A corrected certificate replaces it:{' '}
              <Link className="font-semibold text-brand-700 underline" to={verifyPath(check.data.replacedBy)}>
                check the replacement certificate
              </Link>
              .
            </>
          )}
        </p>
        <Details check={check.data} />
      </Verdict>
    );

  return (
    <div className="container-page max-w-3xl py-12">
      <h1>Certificate check</h1>
      <p className="mt-2 text-slate-600">Whether a CPD certificate of attendance from the summit is valid, as the organisers&rsquo; records say now.</p>
      {/* The verdict arrives after the read: announced when it does. */}
      <div aria-live="polite">{outcome}</div>
    </div>
  );
}
