// Texts of the video help overlay (registered as `videoHelp` in en.ts and de.ts).

export const videoHelpEn = {
  open: 'Help video',
  close: 'Close',
  titles: {
    documents: 'Uploading documents',
    documentManager: 'Reviewing documents',
    settlements: 'Running a monthly settlement',
    profile: 'Your profile',
    review: 'Reviewing your settlement',
  },
};

export const videoHelpDe: typeof videoHelpEn = {
  open: 'Hilfevideo',
  close: 'Schließen',
  titles: {
    documents: 'Dokumente hochladen',
    documentManager: 'Dokumente prüfen',
    settlements: 'Eine Monatsabrechnung durchführen',
    profile: 'Dein Profil',
    review: 'Deine Abrechnung prüfen',
  },
};
