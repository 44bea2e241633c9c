import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { GlobalFonts, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { initialsOf } from './initials';

// A studio group's logo is a PNG at /build/images/logo/{sha256 of its uuid}.png (trainer spec 2).
// A group that has uploaded none gets one drawn here: its initials in white on a colour that its
// uuid picks, so every group has a logo that tells it apart and the path is never empty. The bytes
// depend on the name and uuid only (the font comes from a package, the same on every machine), so
// every api replica draws the same picture.

/** The logo's file name: a hash of the studio group uuid (trainer spec 2), so the path reveals no uuid. */
export const logoFileName = (studioGroupUuid: string) => `${crypto.createHash('sha256').update(studioGroupUuid).digest('hex')}.png`;
export const logoUrlPath = (studioGroupUuid: string) => `/build/images/logo/${logoFileName(studioGroupUuid)}`;

/** Square, and large enough for the 56 px screens at a device pixel ratio of 4. */
export const DEFAULT_LOGO_SIZE = 256;

// Dark enough for white initials to pass WCAG AA contrast (4.5:1) on each.
const LOGO_COLOURS = ['#1c4f8f', '#0f6b5c', '#7a2e8c', '#a3361f', '#35577a', '#5c4b1f', '#8c1d4f', '#2f6b1f'] as const;
const FONT_FAMILY = 'TP-Logo-Sans';

let fontRegistered = false;
function registerFont() {
  if (fontRegistered) return;
  const require = createRequire(import.meta.url);
  GlobalFonts.registerFromPath(require.resolve('@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf'), FONT_FAMILY);
  fontRegistered = true;
}

/** The group's colour: the same uuid always the same of LOGO_COLOURS. */
export const logoColourOf = (studioGroupUuid: string) => LOGO_COLOURS[crypto.createHash('sha256').update(studioGroupUuid).digest()[0]! % LOGO_COLOURS.length]!;

function roundedSquare(context: SKRSContext2D, size: number, radius: number) {
  context.beginPath();
  context.roundRect(0, 0, size, size, radius);
  context.closePath();
}

/** The default logo: the name's initials (as the app's avatars show them) on the group's colour, as PNG. */
export function drawInitialsLogo({ studioGroupUuid, name }: { studioGroupUuid: string; name: string }): Buffer {
  registerFont();
  const size = DEFAULT_LOGO_SIZE;
  const canvas = createCanvas(size, size);
  const context = canvas.getContext('2d');
  roundedSquare(context, size, size * 0.18);
  context.fillStyle = logoColourOf(studioGroupUuid);
  context.fill();
  const initials = initialsOf(name) || '?';
  context.fillStyle = '#ffffff';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.font = `${Math.round(size * (initials.length > 1 ? 0.4 : 0.5))}px ${FONT_FAMILY}`;
  context.fillText(initials, size / 2, size / 2 + size * 0.02);
  return canvas.toBuffer('image/png');
}

export type DemoLogoMark = 'dumbbell' | 'lotus';

/**
 * A logo as a studio would upload one, for the demo groups: a mark (a dumbbell for a gym, a lotus
 * for a yoga school) above a short word mark, on white.
 */
export function drawDemoLogo({ mark, wordMark, colour }: { mark: DemoLogoMark; wordMark: string; colour: string }): Buffer {
  registerFont();
  const size = DEFAULT_LOGO_SIZE;
  const canvas = createCanvas(size, size);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size, size);
  context.fillStyle = colour;
  context.strokeStyle = colour;
  context.beginPath();
  context.arc(size / 2, size * 0.4, size * 0.3, 0, Math.PI * 2);
  context.fill();
  context.fillStyle = '#ffffff';
  context.strokeStyle = '#ffffff';
  if (mark === 'dumbbell') drawDumbbell(context, size);
  else drawLotus(context, size);
  context.fillStyle = colour;
  context.textAlign = 'center';
  context.textBaseline = 'alphabetic';
  context.font = `${Math.round(size * 0.15)}px ${FONT_FAMILY}`;
  context.fillText(wordMark, size / 2, size * 0.93, size * 0.94);
  return canvas.toBuffer('image/png');
}

function drawDumbbell(context: SKRSContext2D, size: number) {
  const middle = size * 0.4;
  context.fillRect(size * 0.3, middle - size * 0.025, size * 0.4, size * 0.05);
  for (const [x, height] of [
    [0.24, 0.22],
    [0.31, 0.3],
    [0.64, 0.3],
    [0.71, 0.22],
  ] as const) {
    context.beginPath();
    context.roundRect(size * x, middle - (size * height) / 2, size * 0.05, size * height, size * 0.015);
    context.fill();
  }
}

function drawLotus(context: SKRSContext2D, size: number) {
  const baseX = size / 2;
  const baseY = size * 0.52;
  // Five petals fanned out from the base, as leaves of one flower.
  for (const angle of [-60, -30, 0, 30, 60]) {
    context.save();
    context.translate(baseX, baseY);
    context.rotate((angle * Math.PI) / 180);
    context.beginPath();
    context.moveTo(0, 0);
    context.quadraticCurveTo(size * 0.07, -size * 0.12, 0, -size * 0.22);
    context.quadraticCurveTo(-size * 0.07, -size * 0.12, 0, 0);
    context.fill();
    context.restore();
  }
}
