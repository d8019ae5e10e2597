// Placeholder: built in issue 21.
export default function EvaluationsPage() {
  return null;
}
