// One day's evaluation on "My registration": the settings' questions, a rating as a group of five
// radio buttons, a written answer as a text area. Its own chunk (react-hook-form and zod come
// with it), loaded only for an attendee with a day to evaluate.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert, RatingField, TextAreaField } from '../../components/fields.tsx';
import { dayLabel, RATING_MAX, RATING_MIN, TEXT_ANSWER_MAX, type EvaluationQuestion } from '../../data/certificates.ts';
import { answerField, emptyEvaluation, evaluationAnswers, evaluationSchema, type EvaluationFormValues } from './evaluation-form.ts';
import { QuestionsChanged, submitEvaluation } from './my-cpd.ts';

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

export default function EvaluationForm({
  registrationId,
  day,
  email,
  questions,
  required,
  onSubmitted,
  questionsChanged = false,
  onQuestionsChanged,
}: {
  registrationId: string;
  day: string;
  email: string;
  questions: EvaluationQuestion[];
  /** The settings count a day towards a certificate only once it is evaluated. */
  required: boolean;
  onSubmitted: (day: string) => void;
  /** This form replaces one whose questions were changed by the organisers while it was open. */
  questionsChanged?: boolean;
  /** The rules refused the answers because the questions changed: the page reads the current ones. */
  onQuestionsChanged: (day: string) => void;
}) {
  const headingId = useId();
  const schema = useMemo(() => evaluationSchema(questions), [questions]);
  const { register, handleSubmit, formState } = useForm<Record<string, unknown>, unknown, EvaluationFormValues>({
    resolver: zodResolver(schema),
    defaultValues: emptyEvaluation(questions),
  });
  const send = useMutation({
    mutationFn: (values: EvaluationFormValues) => submitEvaluation({ registrationId, day, email, answers: evaluationAnswers(questions, values) }),
    onSuccess: () => onSubmitted(day),
    onError: (error) => error instanceof QuestionsChanged && onQuestionsChanged(day),
  });
  const errors = formState.errors;
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      className="mt-4 space-y-4 rounded-md border border-slate-200 bg-slate-50 p-4"
      onSubmit={handleSubmit((values) => send.mutate(values))}
    >
      <h4 id={headingId} className="font-semibold">
        Evaluate {dayLabel(day)}
      </h4>
      <p className="text-sm text-slate-700">
        A few questions about the day: your answers help the organisers.{required ? ' The day counts towards your CPD certificate once you send them.' : ''}
      </p>
      {questions.map((q) =>
        q.kind === 'rating' ? (
          <RatingField
            key={q.id}
            label={q.label}
            hint={`${RATING_MIN} is poor, ${RATING_MAX} is excellent.`}
            values={RATINGS}
            error={errors[answerField(q)]?.message as string | undefined}
            input={() => register(answerField(q))}
          />
        ) : (
          <TextAreaField
            key={q.id}
            label={`${q.label} (optional)`}
            maxLength={TEXT_ANSWER_MAX}
            error={errors[answerField(q)]?.message as string | undefined}
            {...register(answerField(q))}
          />
        ),
      )}
      {questionsChanged && !send.isError && (
        <FormAlert reveal>The organisers changed the questions since the page opened: these are the current ones. Please answer them and send again.</FormAlert>
      )}
      {send.isError && !(send.error instanceof QuestionsChanged) && (
        <FormAlert reveal>We could not send your evaluation. Check your connection and try again: your answers are still here.</FormAlert>
      )}
      <button type="submit" className="btn-primary" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send evaluation'}
      </button>
    </form>
  );
}
