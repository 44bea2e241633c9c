import { describe, expect, it } from 'vitest';
import { escapeHtml, renderClubPreviews, renderPreviewTable } from './trainer-preview';

const line = (overrides: Partial<Parameters<typeof renderPreviewTable>[0][number]> = {}) => ({
  kind: 'class' as const,
  class_starts_at: new Date('2026-09-01T07:00:00Z'),
  studio_uuid: '00000000-0000-4000-8000-000000000001' as string | null,
  studio_source_id: '101' as string | null,
  studio_name: 'Berlin Mitte' as string | null,
  class_name: 'Yoga',
  description: null,
  duration_minutes: 60,
  booked_slots: 12,
  net_cents: 4500,
  vat_rate_basis_points: 1900,
  vat_cents: 855,
  gross_cents: 5355,
  ...overrides,
});

describe('trainer preview table', () => {
  it('escapes every value', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const html = renderPreviewTable([line({ class_name: '<img src=x onerror=alert(1)>', studio_name: 'A & B' })], 'de');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('A &amp; B');
  });

  it('shows Berlin time, amounts in euros and the sums of the lines', () => {
    const html = renderPreviewTable([line(), line({ kind: 'admin', class_starts_at: null, studio_name: null, class_name: 'Administration', description: 'Fahrtkosten', net_cents: -1000, vat_cents: -190, gross_cents: -1190 })], 'de');
    expect(html).toContain('<td>01.09.2026 09:00</td>');
    expect(html).toContain('Administration: Fahrtkosten');
    expect(html).toContain('<th colspan="5">Summe</th>');
    expect(html).toContain('35,00\u00a0€');
    expect(html).toContain('41,65\u00a0€');
  });

  it('says so when a trainer has no lines', () => {
    expect(renderPreviewTable([], 'en')).toContain('No lines for this trainer.');
  });
});

describe('trainer preview per club', () => {
  it('answers one escaped table per studio by name, admin positions last', () => {
    const clubs = renderClubPreviews(
      [
        line(),
        line({ kind: 'admin', class_starts_at: null, studio_uuid: null, studio_source_id: null, studio_name: null, description: 'Bonus', net_cents: 1000, vat_cents: 190, gross_cents: 1190 }),
        line({ studio_uuid: '00000000-0000-4000-8000-000000000002', studio_source_id: '7', studio_name: 'Altona <Nord>', net_cents: 100, vat_cents: 19, gross_cents: 119 }),
      ],
      'de',
    );
    expect(clubs.map((club) => club.ClubID)).toEqual(['7', '101', 'admin']);
    expect(clubs[0]!.html).toContain('Altona &lt;Nord&gt;');
    expect(clubs[0]!.html).toContain('1,19\u00a0€');
    expect(clubs[0]!.html).not.toContain('Berlin Mitte');
    expect(clubs[1]!.html).toContain('53,55\u00a0€');
    expect(clubs[2]!.html).toContain('Administration: Bonus');
  });
});
