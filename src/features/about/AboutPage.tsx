import type { MetaFunction } from 'react-router';
import { pageMeta } from '../../components/page-meta.ts';

export const meta: MetaFunction = () => pageMeta('About', 'The summit, its speakers and its partners.');

export default function AboutPage() {
  return (
    <div className="container-page py-12">
      <h1>About the Summit</h1>
      <section id="conference" className="mt-10">
        <h2>The Summit</h2>
        <p className="mt-3 max-w-3xl text-slate-700">
          The National Cancer Summit brings together clinicians, researchers, survivors, policy makers and partners to agree on
          what the country will do next on cancer prevention, early detection, treatment and care.
        </p>
      </section>
      <section id="speakers" className="mt-16 min-h-[40vh]">
        <h2>The Speakers</h2>
        <p className="mt-3 text-slate-700">Oncologists, researchers, advocates and leaders in health financing.</p>
      </section>
      <section id="partners" className="mt-16 min-h-[40vh]">
        <h2>The Partners</h2>
        <p className="mt-3 text-slate-700">Organisations that make the summit possible.</p>
      </section>
    </div>
  );
}
