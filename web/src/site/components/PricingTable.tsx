import { useId, useState } from 'react';
import type { TPricingTableContent } from '../../../../contracts/site-content.contract';
import { SiteIcon } from './icons';

type Frequency = TPricingTableContent['frequencies'][number]['value'];

/** The pricing table (spec 2.24): three tiers in three columns, the frequency switch, setup fee and fine print. */
export function PricingTable({ pricing, headingLevel = 2 }: { pricing: TPricingTableContent; headingLevel?: 1 | 2 }) {
  const [frequency, setFrequency] = useState<Frequency>(pricing.frequencies[0]?.value ?? 'monthly');
  const name = useId();
  const current = pricing.frequencies.find((entry) => entry.value === frequency) ?? pricing.frequencies[0]!;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const TierHeading = headingLevel === 1 ? 'h2' : 'h3';

  return (
    <section className="tp-section" id="pricing" aria-labelledby={`${name}-headline`} data-testid="site-pricing">
      <div className="tp-container">
        <div className="tp-section-head">
          <p className="tp-preheading">{pricing.preheading}</p>
          <Heading id={`${name}-headline`}>{pricing.headline}</Heading>
          <p className="tp-lead">{pricing.description}</p>
        </div>
        {pricing.frequencies.length > 1 ? (
          <fieldset className="tp-switch" data-testid="site-pricing-frequency">
            <legend className="tp-visually-hidden">{pricing.frequencyLabel}</legend>
            {pricing.frequencies.map((entry) => (
              <label key={entry.value} className={entry.value === frequency ? 'tp-switch-active' : undefined}>
                <input type="radio" name={name} value={entry.value} checked={entry.value === frequency} onChange={() => setFrequency(entry.value)} />
                {entry.label}
              </label>
            ))}
          </fieldset>
        ) : null}
        <ul className="tp-tiers">
          {pricing.tiers.map((tier) => (
            <li key={tier.id} className={tier.mostPopular ? 'tp-tier tp-tier-popular' : 'tp-tier'} data-testid={`site-tier-${tier.id}`}>
              <div className="tp-tier-head">
                <TierHeading id={`${name}-${tier.id}`}>{tier.name}</TierHeading>
                {tier.mostPopular ? <span className="tp-badge">{pricing.mostPopularLabel}</span> : null}
              </div>
              <p className="tp-muted">{tier.description}</p>
              <p className="tp-price">
                <span className="tp-price-value" data-testid={`site-tier-price-${tier.id}`}>
                  {tier.price[frequency] ?? tier.price.monthly}
                </span>
                <span className="tp-price-suffix">{current.priceSuffix}</span>
              </p>
              <a className={tier.mostPopular ? 'tp-button' : 'tp-button tp-button-outline'} href={tier.href} aria-describedby={`${name}-${tier.id}`}>
                {tier.cta}
              </a>
              <ul className="tp-checklist">
                {tier.features.map((feature) => (
                  <li key={feature}>
                    <SiteIcon name="check" size={18} />
                    {feature}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <p className="tp-setupfee" data-testid="site-setupfee">
          {pricing.setupfee}
        </p>
        <p className="tp-fineprint">{pricing.fineprint}</p>
      </div>
    </section>
  );
}
