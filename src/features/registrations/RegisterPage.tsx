import type { MetaFunction } from 'react-router';
import { pageMeta } from '../../components/page-meta.ts';

export const meta: MetaFunction = () => pageMeta('Register', 'Register to attend the National Cancer Summit.');

export default function RegisterPage() {
  return (
    <div className="container-page py-12">
      <h1>Register to Attend</h1>
      <p className="mt-4 text-lg text-slate-700">Choose your category, tell us about yourself, and pay by mobile money or bank transfer.</p>
    </div>
  );
}
