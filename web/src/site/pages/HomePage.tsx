import type { TFeaturesContent } from '../../../../contracts/site-content.contract';
import type { SiteData } from '../content/site-data';
import { SiteIcon } from '../components/icons';
import { PricingTable } from '../components/PricingTable';

function Features({ content, id }: { content: TFeaturesContent; id: string }) {
  return (
    <section className="tp-section" id={id} aria-labelledby={`${id}-headline`} data-testid={`site-${id}`}>
      <div className="tp-container">
        <div className="tp-section-head">
          <p className="tp-preheading">{content.preheading}</p>
          <h2 id={`${id}-headline`}>{content.headline}</h2>
          <p className="tp-lead">{content.description}</p>
        </div>
        <ul className="tp-features">
          {content.items.map((item) => (
            <li key={item.name}>
              <span className="tp-feature-icon">
                <SiteIcon name={item.icon} />
              </span>
              <h3>{item.name}</h3>
              <p>{item.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** /{lang}/: hero with the product preview, partner logos, features for studios and trainers, testimonials, pricing. */
export function HomePage({ data }: { data: SiteData }) {
  const { hero, partner, featuresStudios, featuresTrainer, testimonials, pricing } = data;
  if (!hero || !partner || !featuresStudios || !featuresTrainer || !testimonials || !pricing) return null;
  return (
    <>
      <section className="tp-hero" aria-labelledby="hero-headline">
        <div className="tp-container tp-hero-grid">
          <div>
            <p className="tp-preheading">{hero.preheading}</p>
            <h1 id="hero-headline" data-testid="site-hero-headline">
              {hero.headline}
            </h1>
            <p className="tp-lead">{hero.description}</p>
            <p className="tp-actions">
              <a className="tp-button tp-button-large" href={hero.cta_href} data-testid="site-hero-cta">
                {hero.cta}
                <SiteIcon name="arrow" size={18} />
              </a>
              <a className="tp-button tp-button-large tp-button-outline" href={hero.secondary_cta_href}>
                {hero.secondary_cta}
              </a>
            </p>
          </div>
          <figure className="tp-preview" data-testid="site-preview">
            <figcaption>
              <strong>{hero.preview.headline}</strong>
              <span>{hero.preview.caption}</span>
            </figcaption>
            <ul>
              {hero.preview.cards.map((card) => (
                <li key={card.name}>
                  <span className="tp-card-name">{card.name}</span>
                  <span className="tp-card-value">{card.value}</span>
                  <span className="tp-card-note">{card.note}</span>
                </li>
              ))}
            </ul>
          </figure>
        </div>
      </section>
      <section className="tp-partners" aria-labelledby="partners-headline">
        <div className="tp-container">
          <h2 id="partners-headline" className="tp-partners-headline">
            {partner.headline}
          </h2>
          <ul>
            {partner.logos.map((logo) => (
              <li key={logo.src}>
                <img src={logo.src} alt={logo.name} width={240} height={60} loading="lazy" />
              </li>
            ))}
          </ul>
        </div>
      </section>
      <Features content={featuresStudios} id="features" />
      <Features content={featuresTrainer} id="trainers" />
      <section className="tp-section tp-section-tinted" aria-labelledby="testimonials-headline">
        <div className="tp-container">
          <div className="tp-section-head">
            <h2 id="testimonials-headline">{testimonials.headline}</h2>
          </div>
          <ul className="tp-testimonials">
            {testimonials.entries.map((entry) => (
              <li key={entry.name}>
                <figure>
                  <img className="tp-testimonial-logo" src={entry.logo} alt="" width={120} height={32} loading="lazy" />
                  <blockquote>{entry.quote}</blockquote>
                  <figcaption>
                    <img src={entry.portrait} alt="" width={48} height={48} loading="lazy" />
                    <span>
                      <strong>{entry.name}</strong>
                      <span>{entry.position}</span>
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <PricingTable pricing={pricing} />
    </>
  );
}

export function PricingPage({ data }: { data: SiteData }) {
  return data.pricing ? <PricingTable pricing={data.pricing} headingLevel={1} /> : null;
}
