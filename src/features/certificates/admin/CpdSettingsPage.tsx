// Placeholder: built in issue 21.
export default function CpdSettingsPage() {
  return null;
}
