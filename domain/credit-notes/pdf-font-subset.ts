import type * as fontkit from 'fontkit';

// pdfkit embeds a subset of each font per document: fontkit's TrueType subset copies every glyph the
// document used out of the font, and for that decodes the whole glyph (its outline, point by point)
// only to learn whether it is a composite glyph and of which components. That decoding was a tenth of
// a credit note's CPU, although what it yields depends on the glyph alone. So a glyph's bytes,
// components and metrics are read once per font and process (a font has a few thousand glyphs at
// most) and the subset is built from them exactly as fontkit builds it: the same glyph table, the
// same offsets and metrics, so the same bytes.

type GlyphData = { bytes: Uint8Array; components: Array<{ glyphID: number; pos: number }> | null; advance: number; bearing: number };

/** fontkit's TrueType subset (private fields, fontkit 2). */
type TrueTypeSubset = {
  font: FontInternals;
  glyf: Uint8Array[];
  loca: { offsets: number[] };
  hmtx: { metrics: Array<{ advance: number; bearing: number }> };
  offset: number;
  includeGlyph: (gid: number) => number;
  _addGlyph?: (gid: number) => number;
};
type FontInternals = {
  _variationProcessor?: unknown;
  loca: { offsets: number[] };
  _getTableStream: (tag: string) => { pos: number; readBuffer: (length: number) => Uint8Array };
  getGlyph: (gid: number) => {
    advanceWidth: number;
    _decode: () => { numberOfContours: number; components?: Array<{ glyphID: number; pos: number }> } | null;
    _getMetrics: () => { leftBearing: number };
  };
};

const glyphsByFont = new WeakMap<object, Map<number, GlyphData>>();

/** What fontkit's subset reads of a glyph: its bytes in the glyf table, its components when composite, its horizontal metrics. */
function readGlyph(font: FontInternals, gid: number): GlyphData {
  const glyph = font.getGlyph(gid);
  const decoded = glyph._decode();
  const start = font.loca.offsets[gid]!;
  const stream = font._getTableStream('glyf');
  stream.pos += start;
  const bytes = Uint8Array.from(stream.readBuffer(font.loca.offsets[gid + 1]! - start));
  const components = decoded && decoded.numberOfContours < 0 ? (decoded.components ?? []).map(({ glyphID, pos }) => ({ glyphID, pos })) : null;
  return { bytes, components, advance: glyph.advanceWidth, bearing: glyph._getMetrics().leftBearing };
}

/**
 * Lets a document's font subset take its glyphs from the per-process cache. Leaves any other subset
 * (a CFF font, a variable font whose glyphs fontkit re-encodes, another fontkit) as it is.
 */
export function useCachedGlyphs(subset: unknown, font: fontkit.Font) {
  const ttf = subset as TrueTypeSubset;
  if (typeof ttf._addGlyph !== 'function' || ttf.font._variationProcessor) return;
  let glyphs = glyphsByFont.get(font);
  if (!glyphs) {
    glyphs = new Map();
    glyphsByFont.set(font, glyphs);
  }
  const cache = glyphs;
  // fontkit's TTFSubset._addGlyph, with the glyph read from the cache.
  ttf._addGlyph = (gid: number) => {
    let glyph = cache.get(gid);
    if (!glyph) {
      glyph = readGlyph(ttf.font, gid);
      cache.set(gid, glyph);
    }
    let bytes = glyph.bytes;
    if (glyph.components) {
      // A composite glyph names its components by glyph id: renumbered to the subset's ids.
      bytes = Uint8Array.from(glyph.bytes);
      const view = new DataView(bytes.buffer);
      for (const component of glyph.components) view.setUint16(component.pos, ttf.includeGlyph(component.glyphID));
    }
    ttf.glyf.push(bytes);
    ttf.loca.offsets.push(ttf.offset);
    ttf.hmtx.metrics.push({ advance: glyph.advance, bearing: glyph.bearing });
    ttf.offset += bytes.length;
    return ttf.glyf.length - 1;
  };
}
