// Placeholder: built in issue 21.
export default function VerifyCertificatePage() {
  return null;
}
