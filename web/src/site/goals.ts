// Goals of the public site (spec 9: the contact form's success is goal 1), tracked locally and
// without cookies: no third-party script, nothing stored in the browser. Each goal is a DOM event
// (`trainerpay:goal`, detail `{ id }`) and an entry in `window.trainerpayGoals`, where a first-party
// analytics snippet (or a test) picks it up.

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- global augmentation needs an interface
  interface Window {
    trainerpayGoals?: { id: number; at: number }[];
  }
}

export function trackGoal(id: number) {
  const entry = { id, at: Date.now() };
  (window.trainerpayGoals ??= []).push(entry);
  window.dispatchEvent(new CustomEvent('trainerpay:goal', { detail: entry }));
}
