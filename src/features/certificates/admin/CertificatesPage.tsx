// Placeholder: built in issue 21.
export default function CertificatesPage() {
  return null;
}
