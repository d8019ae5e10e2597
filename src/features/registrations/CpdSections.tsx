// "My registration"'s CPD parts: the days a registration was admitted on, each with its evaluation
// (the form itself a lazily loaded chunk) and the attendee's certificates, each with its PDF (pdf-lib,
// loaded only when one is downloaded) and its public verification page. A chunk of its own, loaded
// only for an attendee admitted on some day: nobody else's page loads or reads any of it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../components/fields.tsx';
import { formatDate } from '../../components/format.ts';
import { LoadingLine } from '../../components/LoadingLine.tsx';
import { useReveal } from '../../components/use-reveal.ts';
import { attendedDays, dayLabel, daysSentence, evaluationId, pointsLabel, verifyPath, type Certificate } from '../../data/certificates.ts';
import { downloadFile } from '../../lib/csv.ts';
import type { WithId } from '../../lib/db.ts';
import { myCpdKey, useMyCpd } from './my-cpd.ts';

function FormUnavailable() {
  return <FormAlert>We could not load the evaluation form. Check your connection and reload the page.</FormAlert>;
}
// A chunk that cannot load costs the form, not the page (the error boundary would replace it all).
const EvaluationForm = lazy(() => import('./EvaluationForm.tsx').catch(() => ({ default: FormUnavailable })));

/**
 * The days a registration was admitted on, and an evaluation form for each day not yet evaluated
 * (when the settings ask questions). A day just evaluated says thank you in place of its form.
 */
export function AttendedDays({ record, email }: { record: Record<string, unknown> & { id: string }; email: string }) {
  const headingId = useId();
  const client = useQueryClient();
  const cpd = useMyCpd(email);
  const [thanked, setThanked] = useState<string[]>([]);
  // Days whose open form was refused because the organisers changed the questions meanwhile.
  const [requestioned, setRequestioned] = useState<string[]>([]);
  // The form sent is gone: focus (and a screen reader) goes to the thanks that replaced it.
  const thanks = useReveal<HTMLParagraphElement>(thanked.length);
  const days = attendedDays(record);
  if (days.length === 0) return null;
  const questions = cpd.data?.questions ?? [];
  const evaluated = (day: string) => thanked.includes(day) || !!cpd.data?.evaluated.has(evaluationId(record.id, day));
  const toEvaluate = questions.length ? days.filter((d) => !evaluated(d)) : [];
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h4 id={headingId} className="font-semibold">
        Days you attended
      </h4>
      <ul className="mt-1 list-disc pl-6">
        {days.map((d) => (
          <li key={d}>
            {dayLabel(d)}
            {questions.length > 0 && cpd.data && <span className="text-slate-700">{evaluated(d) ? ': evaluation sent' : ': evaluation below'}</span>}
          </li>
        ))}
      </ul>
      <p ref={thanks} tabIndex={-1} role="status" className="mt-2 font-medium outline-none">
        {thanked.length > 0 &&
          `Thank you: your ${thanked.length === 1 ? 'evaluation' : 'evaluations'} of ${daysSentence(thanked)} ${thanked.length === 1 ? 'is' : 'are'} in.`}
      </p>
      {cpd.isPending ? (
        <LoadingLine className="mt-2">Loading your evaluations…</LoadingLine>
      ) : cpd.isError ? (
        <FormAlert>We could not load your evaluations. Check your connection and reload the page.</FormAlert>
      ) : (
        toEvaluate.length > 0 && (
          <Suspense fallback={<LoadingLine className="mt-2">Loading the evaluation…</LoadingLine>}>
            {toEvaluate.map((day) => (
              <EvaluationForm
                // A fresh form when the questions change (its fields and checks are built from them).
                key={`${day}:${questions.map((q) => q.id).join(',')}`}
                registrationId={record.id}
                day={day}
                email={email}
                questions={questions}
                required={!!cpd.data?.requireEvaluation}
                onSubmitted={(d) => {
                  setThanked((t) => [...t, d]);
                  void client.invalidateQueries({ queryKey: myCpdKey(email) });
                }}
                questionsChanged={requestioned.includes(day)}
                onQuestionsChanged={(d) => {
                  setRequestioned((r) => [...r, d]);
                  void client.invalidateQueries({ queryKey: myCpdKey(email) });
                }}
              />
            ))}
          </Suspense>
        )
      )}
    </section>
  );
}

/**
 * The PDF module (data/certificate-pdf.ts, with pdf-lib), loaded by the page: see its
 * loadCertificatePdf. Described here by shape, so nothing in this file names that module.
 */
export type LoadCertificatePdf = () => Promise<{
  loadLogo: (url: string) => Promise<Uint8Array | null>;
  certificatePdf: (cert: Certificate, options: { siteUrl: string; logo: Uint8Array | null }) => Promise<Uint8Array>;
}>;

function CertificateCard({ cert, siteUrl, logoUrl, loadPdf }: { cert: WithId<Certificate>; siteUrl: string; logoUrl: string; loadPdf: LoadCertificatePdf }) {
  const headingId = useId();
  const download = useMutation({
    mutationFn: async () => {
      // pdf-lib (and the QR code) only now: most visits to this page never download.
      const pdf = await loadPdf();
      const logo = logoUrl ? await pdf.loadLogo(logoUrl) : null;
      const bytes = await pdf.certificatePdf(cert, { siteUrl, logo });
      downloadFile(`cpd-certificate-${cert.id}.pdf`, bytes as Uint8Array<ArrayBuffer>, 'application/pdf');
    },
  });
  const valid = cert.status === 'valid';
  return (
    <article aria-labelledby={headingId} className={`mt-4 rounded-lg border p-4 ${valid ? 'border-slate-200' : 'border-amber-300 bg-amber-50'}`}>
      <h3 id={headingId} className="text-lg">
        Certificate <span className="font-mono">{cert.id}</span>
      </h3>
      <p className="mt-2">
        <strong>{valid ? 'Valid' : 'Revoked'}</strong>
        {valid
          ? `: ${pointsLabel(cert.points)} from ${cert.accreditingBody} for ${cert.activityName}, for ${daysSentence(cert.days)}.`
          : `${cert.revokedAt instanceof Date ? ` on ${formatDate(cert.revokedAt)}` : ''}: it no longer certifies anything.${cert.replacedBy ? ` Certificate ${cert.replacedBy} replaces it.` : ''}`}
      </p>
      {cert.issuedAt instanceof Date && <p className="text-sm text-slate-700">Issued {formatDate(cert.issuedAt)}.</p>}
      {valid && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <button type="button" className="btn-primary" disabled={download.isPending} onClick={() => download.mutate()}>
            {download.isPending ? 'Preparing the PDF…' : 'Download certificate (PDF)'}
          </button>
          <Link className="text-brand-700 underline" to={verifyPath(cert.id)}>
            Check it online <span className="sr-only">(certificate {cert.id})</span>
          </Link>
        </div>
      )}
      {download.isError && (
        <div className="mt-3">
          <FormAlert>We could not make the PDF. Check your connection and try again.</FormAlert>
        </div>
      )}
    </article>
  );
}

/** The attendee's certificates, newest first (a correction above the one it replaced). */
export function MyCertificates({ email, siteUrl, loadPdf }: { email: string; siteUrl: string; loadPdf: LoadCertificatePdf }) {
  const cpd = useMyCpd(email).data;
  if (!cpd || cpd.certificates.length === 0) return null;
  return (
    <section aria-labelledby="certificates-heading" className="mt-10">
      <h2 id="certificates-heading">Your CPD {cpd.certificates.length === 1 ? 'certificate' : 'certificates'}</h2>
      <p className="mt-2 text-slate-700">Anyone you show it to can check it is genuine at its address, or by scanning the QR code on the PDF.</p>
      {cpd.certificates.map((cert) => (
        <CertificateCard key={cert.id} cert={cert} siteUrl={siteUrl} logoUrl={cpd.logoUrl} loadPdf={loadPdf} />
      ))}
    </section>
  );
}
