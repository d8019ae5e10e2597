import type { MetaFunction } from 'react-router';
import { pageMeta } from '../../components/page-meta.ts';
import { FormAlert } from '../../components/fields.tsx';
import { PublicImage } from '../../components/PublicImage.tsx';
import { initials } from '../../components/format.ts';
import { TIER_ORDER, usePublishedPartners, type PublicPartner } from '../../data/partners.ts';
import { useSpeakers } from '../../data/speakers.ts';
import { LoadingLine } from '../../components/LoadingLine.tsx';

export const meta: MetaFunction = () => pageMeta('About', 'The summit, its speakers and its partners.');

function Speakers() {
  const speakers = useSpeakers();
  if (speakers.isPending) return <LoadingLine className="mt-4">Loading speakers…</LoadingLine>;
  if (speakers.isError) return <FormAlert>We could not load the speakers. Reload the page to try again.</FormAlert>;
  if (!speakers.data.length) return <p className="mt-4">Speakers will be announced soon.</p>;
  return (
    <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {speakers.data.map((s) => (
        <li key={s.id} className="flex gap-4 rounded-lg border border-slate-200 p-4">
          <PublicImage src={s.photoUrl} alt={`Portrait of ${s.name}`} width={56} height={56} className="rounded-full" fallback={initials(s.name)} />
          <div>
            <h3 className="font-semibold">{s.name}</h3>
            <p className="text-sm text-slate-700">
              {s.title}, {s.organisation}
            </p>
            <p className="mt-2 text-sm text-slate-700">{s.bio}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A partner's logo (its alt text is the organisation's name), or the name in its box when there is no logo. */
function PartnerMark({ partner }: { partner: PublicPartner }) {
  return <PublicImage src={partner.logoUrl} alt={partner.organisation} width={160} height={64} fit="contain" fallback={partner.organisation} />;
}

function Partners() {
  const partners = usePublishedPartners();
  if (partners.isPending) return <LoadingLine className="mt-4">Loading partners…</LoadingLine>;
  if (partners.isError) return <FormAlert>We could not load the partners. Reload the page to try again.</FormAlert>;
  const tiers = [...TIER_ORDER, ...new Set(partners.data.map((p) => p.tier).filter((t) => !TIER_ORDER.includes(t)))];
  const present = tiers.filter((t) => partners.data.some((p) => p.tier === t));
  if (!present.length) return <p className="mt-4">Partners will be announced soon.</p>;
  return (
    <div className="mt-6 space-y-6">
      {present.map((tier) => (
        <div key={tier}>
          <h3 className="text-lg font-semibold capitalize">{tier} partners</h3>
          <ul className="mt-2 flex flex-wrap gap-3">
            {partners.data
              .filter((p) => p.tier === tier)
              .map((p) => (
                <li key={p.id} className="flex items-center rounded-md border border-slate-200 px-4 py-3">
                  {p.website ? (
                    <a className="text-brand-700 underline" href={p.website} rel="noopener" target="_blank">
                      <PartnerMark partner={p} />
                    </a>
                  ) : (
                    <PartnerMark partner={p} />
                  )}
                </li>
              ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

export default function AboutPage() {
  return (
    <div className="container-page py-12">
      <h1>About the Summit</h1>
      <section id="conference" className="mt-10">
        <h2>The Summit</h2>
        <p className="mt-3 max-w-3xl text-slate-700">
          The National Cancer Summit brings together clinicians, researchers, survivors, policy makers and partners to agree on what the country will do next on
          cancer prevention, early detection, treatment and care. Three days of plenaries, panels and workshops end with a shared declaration.
        </p>
      </section>
      <section id="speakers" className="mt-16">
        <h2>The Speakers</h2>
        <Speakers />
      </section>
      <section id="partners" className="mt-16">
        <h2>The Partners</h2>
        <Partners />
      </section>
    </div>
  );
}
