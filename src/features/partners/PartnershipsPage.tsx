import type { MetaFunction } from 'react-router';
import { pageMeta } from '../../components/page-meta.ts';

export const meta: MetaFunction = () => pageMeta('Partner With Us', 'Partnership tiers, benefits and booth booking.');

export default function PartnershipsPage() {
  return (
    <div className="container-page py-12">
      <h1>Partner With Us</h1>
      <p className="mt-4 text-lg text-slate-700">Support the summit and meet the people who shape cancer care.</p>
      <section id="register" className="mt-12">
        <h2>Book a Booth</h2>
        <p className="mt-3 text-slate-700">Exhibit at the summit: choose a booth type and tell us what you need.</p>
      </section>
    </div>
  );
}
