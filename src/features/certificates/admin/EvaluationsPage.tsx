// Certificates › Evaluations: what attendees answered after each day, in aggregate (per question:
// a rating's distribution and average, a written question's answers), by day, and as a CSV.
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link, href } from 'react-router';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { QueryState } from '../../../admin/ui/QueryState.tsx';
import { useStaffTask } from '../../../admin/use-staff-action.ts';
import { FormAlert } from '../../../components/fields.tsx';
import { FilterSelect } from '../../../components/FilterSelect.tsx';
import { dayLabel, RATING_MIN, summitDays, type EvaluationQuestion } from '../../../data/certificates.ts';
import { downloadFile } from '../../../lib/csv.ts';
import type { WithId } from '../../../lib/db.ts';
import { cpdSettingsKey, fetchCpdSettingsForm } from './cpd-settings.ts';
import {
  aggregate,
  evaluationsCsv,
  evaluationsKey,
  fetchEvaluations,
  formatAverage,
  percent,
  type RatingFigures,
  type StoredEvaluation,
  type TextFigures,
} from './evaluations.ts';

export default function EvaluationsPage() {
  const settings = useQuery({ queryKey: cpdSettingsKey, queryFn: fetchCpdSettingsForm });
  return (
    <div>
      <AdminHeader title="Evaluations" summary="What attendees answered after each day they attended, question by question.">
        <Link className="btn-secondary" to={href('/admin/certificates/settings')}>
          Edit the questions
        </Link>
      </AdminHeader>
      <QueryState
        query={settings}
        noun="evaluation questions"
        isEmpty={(d) => d.settings.questions.length === 0}
        empty="No evaluation questions are set, so attendees are not asked to evaluate. Add questions in the CPD settings."
      >
        {(d) => <Evaluations questions={d.settings.questions} days={summitDays(d.start, d.end)} />}
      </QueryState>
    </div>
  );
}

function useExportEvaluations() {
  return useStaffTask({
    run: async ({ rows, questions, day }: { rows: Array<WithId<StoredEvaluation>>; questions: EvaluationQuestion[]; day: string }) => {
      downloadFile(`evaluations-${day || 'all-days'}.csv`, evaluationsCsv(rows, questions), 'text/csv;charset=utf-8');
      return rows.length;
    },
    // Evaluations carry attendees' addresses: exporting them is worth a log line.
    log: ({ day }, count) => `Exported ${count} evaluations${day ? ` of ${day}` : ''} to CSV`,
  });
}

function Evaluations({ questions, days }: { questions: EvaluationQuestion[]; days: string[] }) {
  const [day, setDay] = useState('');
  const [read, setRead] = useState(0);
  const query = useQuery({ queryKey: evaluationsKey(day), queryFn: () => fetchEvaluations(day, setRead) });
  const exporter = useExportEvaluations();
  const rows = query.data;
  return (
    <>
      <div className="mt-6 flex flex-wrap items-end gap-4">
        <FilterSelect
          label="Day"
          value={day}
          all="All days"
          onChange={(value) => {
            setRead(0);
            setDay(value);
          }}
          options={days.map((d) => ({ value: d, label: dayLabel(d) }))}
        />
        <button
          type="button"
          className="btn-secondary"
          disabled={!rows?.length || exporter.isPending}
          onClick={() => rows && exporter.mutate({ rows, questions, day })}
        >
          Download CSV ({day ? dayLabel(day) : 'all days'})
        </button>
      </div>
      {exporter.isError && (
        <div className="mt-3">
          <FormAlert>The CSV could not be made. Check your connection, then try again.</FormAlert>
        </div>
      )}
      {query.isPending && (
        <p role="status" className="mt-6 text-slate-600">
          Loading evaluations…{read ? ` ${read} read so far.` : ''}
        </p>
      )}
      {!query.isPending && (
        <QueryState
          query={query}
          noun="evaluations"
          isEmpty={(r) => r.length === 0}
          empty={day ? `No evaluations of ${dayLabel(day)} yet.` : 'No evaluations yet. Attendees evaluate each day they attended from “My registration”.'}
        >
          {(r) => (
            <>
              <p role="status" className="mt-6 font-medium">
                {r.length} {r.length === 1 ? 'evaluation' : 'evaluations'}
                {day ? ` of ${dayLabel(day)}` : ' over all days'}.
              </p>
              <div className="mt-4 space-y-8">
                {aggregate(r, questions).map((f, i) =>
                  f.kind === 'rating' ? (
                    <RatingChart key={f.question.id} figures={f} number={i + 1} />
                  ) : (
                    <TextAnswers key={f.question.id} figures={f} number={i + 1} />
                  ),
                )}
              </div>
            </>
          )}
        </QueryState>
      )}
    </>
  );
}

/** One question's figures under a heading that numbers and names it (the section is labelled by it). */
function QuestionSection({ number, question, summary, children }: { number: number; question: EvaluationQuestion; summary: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg">
        {number}. {question.label}
      </h2>
      <p className="mt-1 text-slate-700">{summary}</p>
      {children}
    </section>
  );
}

/**
 * A rating's distribution as a real table (rating, count, share), each row with a bar drawn to its
 * share: the table is what a screen reader reads, the bars are for the eye (aria-hidden).
 */
function RatingChart({ figures, number }: { figures: RatingFigures; number: number }) {
  const { question, counts, answered, average } = figures;
  return (
    <QuestionSection
      number={number}
      question={question}
      summary={average === null ? 'No ratings yet.' : `Average ${formatAverage(average)} out of 5, from ${answered} ${answered === 1 ? 'rating' : 'ratings'}.`}
    >
      <table className="mt-3 w-full max-w-2xl text-left text-sm">
        <caption className="sr-only">Ratings of “{question.label}”: how many gave each rating</caption>
        <thead>
          <tr>
            <th scope="col" className="w-20 py-1 pr-3 font-semibold">
              Rating
            </th>
            <th scope="col" className="w-20 py-1 pr-3 text-right font-semibold">
              Count
            </th>
            <th scope="col" className="w-20 py-1 pr-3 text-right font-semibold">
              Share
            </th>
            {/* The bars repeat the shares for the eye: hidden from screen readers, column and all. */}
            <th scope="col" className="py-1" aria-hidden="true" />
          </tr>
        </thead>
        <tbody>
          {counts
            .map((count, i) => ({ rating: i + RATING_MIN, count }))
            .reverse()
            .map(({ rating, count }) => (
              <tr key={rating}>
                <th scope="row" className="py-1 pr-3 font-normal">
                  {rating}
                </th>
                <td className="py-1 pr-3 text-right tabular-nums">{count}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{percent(count, answered)}%</td>
                <td className="py-1" aria-hidden="true">
                  <div className="h-4 rounded-sm bg-brand-700" style={{ width: `${percent(count, answered)}%`, minWidth: count ? '2px' : 0 }} />
                </td>
              </tr>
            ))}
        </tbody>
      </table>
    </QuestionSection>
  );
}

const TEXT_PAGE = 20;

/** A written question's answers, oldest first, a few at a time (hundreds may have answered). */
function TextAnswers({ figures, number }: { figures: TextFigures; number: number }) {
  const [shown, setShown] = useState(TEXT_PAGE);
  const list = useRef<HTMLUListElement>(null);
  const { question, answers, skipped } = figures;
  const more = () => {
    const first = shown;
    setShown((n) => n + TEXT_PAGE);
    // The button may be gone (nothing more to show): focus goes to the first answer it brought.
    requestAnimationFrame(() => list.current?.querySelectorAll<HTMLElement>('li')[first]?.focus());
  };
  return (
    <QuestionSection
      number={number}
      question={question}
      summary={`${answers.length} ${answers.length === 1 ? 'answer' : 'answers'}${skipped ? `; ${skipped} left it empty` : ''}.`}
    >
      {answers.length > 0 && (
        <ul ref={list} className="mt-3 max-w-3xl space-y-2">
          {answers.slice(0, shown).map((a, i) => (
            <li key={i} tabIndex={-1} className="whitespace-pre-line rounded-md bg-slate-50 p-3">
              {a}
            </li>
          ))}
        </ul>
      )}
      {answers.length > shown && (
        <button type="button" className="btn-secondary mt-3" onClick={more}>
          Show {Math.min(TEXT_PAGE, answers.length - shown)} more of {answers.length - shown} <span className="sr-only">answers to “{question.label}”</span>
        </button>
      )}
    </QuestionSection>
  );
}
